import Glibc
import ArgumentParser
import CMalloc
import FeedDaemon
import FeedStorage
import Foundation
import Logging

/// `tidingsd run`: the daemon in the foreground.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the daemon in the foreground until SIGTERM or SIGINT.")

    @Option(help: ArgumentHelp("Configuration file.", discussion: "Default: $XDG_CONFIG_HOME/tidings/config.yaml; a missing default file means built-in defaults.", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("Unix socket to listen on (overrides the config and TIDINGS_SOCKET).", valueName: "path"))
    var socket: String?

    @Option(help: ArgumentHelp("SQLite database file (overrides the config).", valueName: "path"))
    var database: String?

    @Option(help: ArgumentHelp("Log level: trace, debug, info, notice, warning, error or critical (overrides the config).", valueName: "level"))
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel.lowercased()) == nil {
            throw ValidationError("'--log-level' must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        Self.limitMallocArenas()
        let environment = ProcessInfo.processInfo.environment
        let configPath = config ?? DataLocations(environment: environment).configFile
        let load: @Sendable () throws -> DaemonConfiguration = { [config, socket, database, logLevel] in
            var configuration = try ConfigurationLoader().load(path: configPath, required: config != nil)
            // Command-line options win over the file, at start and at every reload.
            if let socket { configuration.socketPath = socket }
            if let database { configuration.databasePath = database }
            if let logLevel { configuration.logLevel = Logger.Level(rawValue: logLevel.lowercased()) ?? .info }
            return configuration
        }
        let configuration: DaemonConfiguration
        do {
            configuration = try load()
        } catch {
            fail("bad configuration: \(error)")
        }

        let level = LogLevelSwitch(configuration.logLevel)
        let journal = JournalLogHandler.isJournalStream(environment: environment)
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, level: level, journal: journal) }
        let logger = Logger(label: "tidingsd")

        do {
            try await Daemon(configuration: configuration, environment: environment, logger: logger)
                .run(logLevel: level, configPath: configPath, reload: load)
        } catch let error as DamagedDatabaseError {
            logger.critical("\(error)")
            throw ExitCode(Self.damagedDatabaseStatus)
        } catch let error as DatabaseFileLostError {
            // Logged when found; again on the way out, with where the database was saved.
            logger.critical("\(error)")
            throw ExitCode(Self.lostDatabaseFileStatus)
        } catch {
            logger.critical("\(error)")
            throw ExitCode.failure
        }
    }

    /// The exit status when the database is damaged (EX_DATAERR). A restart cannot mend it, so
    /// systemd/tidingsd.service names it in `RestartPreventExitStatus=`: the unit stops instead
    /// of restarting every few seconds until the start limit.
    static let damagedDatabaseStatus: Int32 = 65

    /// The exit status when the database file was deleted or replaced while the daemon ran
    /// (EX_IOERR). systemd restarts the unit (`Restart=on-failure`): a daemon started again
    /// opens the file now at the path, which is what moving a backup into place asks for.
    static let lostDatabaseFileStatus: Int32 = 74

    /// One malloc arena per core (at least two) instead of glibc's eight per core. The daemon's
    /// allocating threads are the concurrency pool (one per core), the transfer thread and the
    /// store's queues; with more arenas each thread that ever parsed a feed kept its own
    /// half-empty heap: bench/refresh cold, peak RSS 63-65 MB -> 57-59 MB at the same CPU time
    /// (bench/RESULTS.md). Set before the daemon starts its threads; arenas already made stay.
    ///
    /// And allocations of 64 KiB and more (feed bodies, the text of long items, SQLite's page
    /// cache) each mapped on their own and returned when freed. glibc starts at 128 KiB but
    /// raises that threshold to the size of each such block freed, up to 32 MiB, after which
    /// those blocks come from the arenas and what they free stays there: fixed at 64 KiB, the
    /// cold pass of bench/refresh peaks 1.5-2.5 MB lower in anonymous memory, at the same time.
    private static func limitMallocArenas() {
        _ = mallopt(M_ARENA_MAX, Int32(max(2, ProcessInfo.processInfo.activeProcessorCount)))
        _ = mallopt(M_MMAP_THRESHOLD, 64 << 10)
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("tidingsd: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
