import Glibc
import ArgumentParser
import FeedDaemon
import FeedEntities
import FeedStorage
import Foundation

/// `tidingsd restore BACKUP`: puts a backup back while no daemon runs on the database (with one
/// running, `tidings restore` has that daemon do it live). `tidings restore` runs this command
/// itself when it finds no daemon.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup over the database while no daemon runs on it.",
        discussion: """
            Checks the backup (a regular file, an SQLite database that passes integrity_check, \
            Tidings' schema and not a newer one), keeps the current database, damaged or not, as \
            <database>.before-restore-<UTC time>.bak (with its -wal), copies the backup into place \
            with SQLite's backup API and checks the result. An older schema is migrated by the \
            daemon at its next start. A backup that subscribes to command feeds (exec:, filter:) \
            is refused, naming them, unless --allow-commands is given. Refuses while a daemon runs on the database: use \
            'tidings restore' then. Exit status 1 when the backup is refused or the restore fails; \
            nothing changed then.
            """)

    @Argument(help: ArgumentHelp("The backup: a copy of the database (sqlite3 .backup, a .bak beside it).", valueName: "backup"), completion: .file())
    var backup: String

    @Option(help: ArgumentHelp("Configuration file (its 'database' is the one restored).", discussion: "Default: $XDG_CONFIG_HOME/tidings/config.yaml.", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("SQLite database file to restore into (overrides the config).", valueName: "path"))
    var database: String?

    @Flag(help: ArgumentHelp(
        "Restore a backup that subscribes to command feeds (exec:, filter:), which is refused otherwise.",
        discussion: "Only for a backup you made or whose commands you have read: each runs as you at every refresh."))
    var allowCommands = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let databasePath: String
        if let database {
            databasePath = Self.absolute(database)
        } else {
            let configPath = config ?? DataLocations(environment: environment).configFile
            do {
                let configuration = try ConfigurationLoader().load(path: configPath, required: config != nil)
                databasePath = configuration.databasePath ?? DataLocations(environment: environment).database
            } catch {
                fail("bad configuration: \(error)")
            }
        }
        let backupPath = Self.absolute(backup)
        // A backup that is not there leaves no trace (no data directory, no lock file).
        var info = stat()
        guard lstat(backupPath, &info) == 0 else {
            fail("\(RestoreRefusedError(path: backupPath, reason: String(cString: strerror(errno))))")
        }
        let lock: InstanceLock
        do {
            try DataLocations.createPrivateDirectory(forFile: databasePath)
            lock = try InstanceLock(path: databasePath + ".lock", resource: "the database \(databasePath)")
        } catch InstanceLockError.held {
            fail("a tidingsd is running on the database \(databasePath): run 'tidings restore \(ShellWord.quoted(backup))' to restore into it, or stop it first")
        } catch {
            fail("\(error)")
        }
        let report: RestoreReport
        do {
            report = try withExtendedLifetime(lock) { 
                try SQLiteFeedStore.restore(from: backupPath, into: databasePath, allowCommands: allowCommands)
            }
        } catch {
            fail("\(error)")
        }
        print("Checked \(report.backupPath): integrity ok, schema \(report.backupSchemaVersion)")
        if let kept = report.replacedCopy {
            print("Kept the database it replaces as \(kept)")
        } else {
            print("No database was at \(report.databasePath): nothing to keep")
        }
        print("Restored \(report.databasePath) from \(report.backupPath): \(Counted.phrase(report.feeds, "feed")), \(Counted.phrase(report.items, "item")), schema \(report.schemaVersion)")
        if report.schemaVersion != SQLiteFeedStore.latestSchemaVersion {
            print("tidingsd migrates it to schema \(SQLiteFeedStore.latestSchemaVersion) when it starts, copying it beside itself first")
        }
    }

    /// `path` made absolute against the working directory, so every message names the file
    /// wherever it is read.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("tidingsd: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
