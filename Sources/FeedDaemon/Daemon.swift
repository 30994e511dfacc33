import Glibc
import FeedIPC
import Foundation
import Logging

/// The daemon's composition root: the one place that creates the concrete gateways and services.
/// A run is three steps: the process set-up (`Daemon+Process.swift`), the object graph
/// (`DaemonGraph`) and the services that run until the stop (`Daemon+Services.swift`).
public struct Daemon: Sendable {
    let configuration: DaemonConfiguration
    let environment: [String: String]
    let logger: Logger

    public init(configuration: DaemonConfiguration, environment: [String: String], logger: Logger) {
        self.configuration = configuration
        self.environment = environment
        self.logger = logger
    }

    /// The socket path in effect: `--socket`/config, else `TIDINGS_SOCKET`, else the XDG default.
    public var socketPath: String {
        SocketLocation.resolve(explicit: configuration.socketPath, environment: environment, uid: getuid())
    }

    /// The database path in effect.
    public var databasePath: String {
        configuration.databasePath ?? DataLocations(environment: environment).database
    }

    /// Runs until SIGTERM or SIGINT, then stops accepting clients, aborts transfers, and removes
    /// the socket file. SIGHUP and `daemon.reload` reload the configuration (`reload`).
    /// - Parameters:
    ///   - logLevel: the level every logger reads, which a reload changes.
    ///   - configPath: the file `reload` reads, for messages and `status`.
    ///   - reload: reads the configuration file again.
    /// - Throws: when the socket, its lock or the database cannot be opened (clear, one-line
    ///   errors), e.g. because another daemon runs on the same socket or database.
    public func run(
        logLevel: LogLevelSwitch? = nil, configPath: String? = nil,
        reload: @escaping @Sendable () throws -> DaemonConfiguration
    ) async throws {
        let process = try prepareProcess()
        defer { withExtendedLifetime(process.locks) {} }
        let graph = try DaemonGraph(
            configuration: configuration, environment: environment, databasePath: databasePath, logLevel: logLevel,
            configPath: configPath ?? DataLocations(environment: environment).configFile, reload: reload,
            readyStatus: process.readyStatus, logger: logger)
        try await runServices(graph, process)
    }
}
