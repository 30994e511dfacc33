import ArgumentParser
import FeedClient
import FeedIPC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The one place that creates the client's concrete collaborators and runs a module.
enum CompositionRoot {
    /// The socket client (which starts the daemon when it is not running, docs/cli.md
    /// "Autostart"), terminal, browser launcher and clock for one command.
    /// - Parameter autostart: `false` for the one command that must not start a daemon
    ///   (`restore`, which runs `tidingsd restore` when none runs).
    static func dependencies(_ options: GlobalOptions, autostart starts: Bool = true) -> ClientDependencies {
        dependencies(
            socket: options.socket, color: options.color, noAutostart: options.noAutostart, autostart: starts)
    }

    /// `dependencies(_:autostart:)` for the global options as values (`QuickListArguments`).
    static func dependencies(
        socket explicitSocket: String?, color: ColorChoice, noAutostart: Bool, autostart starts: Bool = true
    ) -> ClientDependencies {
        let environment = ProcessInfo.processInfo.environment
        let socket = SocketLocation.choose(explicit: explicitSocket, environment: environment, uid: getuid())
        let terminal = StandardTerminal(environment: environment, color: color)
        // Built for every command but used only when the socket does not answer: no file is
        // read and nothing is started while the daemon runs.
        let autostart = DaemonAutostart(
            policy: AutostartPolicy(noAutostartFlag: noAutostart, environment: environment),
            launcher: SpawningDaemonLauncher(environment: environment),
            announce: { [terminal] note in terminal.writeError(note) })
        return ClientDependencies(
            daemon: UnixSocketDaemonClient(
                socketPath: socket.path, socketDirectory: socket.defaultDirectory,
                requestTimeout: UnixSocketDaemonClient.timeout(environment: environment) ?? UnixSocketDaemonClient.defaultTimeout,
                autostart: starts ? autostart : nil),
            terminal: terminal,
            launcher: ProcessBrowserLauncher(),
            clock: SystemWallClock(),
            environment: environment,
            settings: ConfigFileSettings(environment: environment))
    }

    /// Runs `module` and ends the process with its status (docs/cli.md), right here: returning
    /// to `main` would first wait for the main thread to take over again (a thread hop, about
    /// a millisecond of every command). Views write with write(2), so nothing is left to flush.
    static func run(_ module: AssembledModule) async throws -> Never {
        await end(module)
    }

    /// `run(_:)` for callers outside a command's throwing `run()` (`QuickListArguments`).
    static func end(_ module: AssembledModule) async -> Never {
        let status = await module.run()
        exit(status.code)
    }
}
