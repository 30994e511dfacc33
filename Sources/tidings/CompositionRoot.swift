import ArgumentParser
import FeedClient
import FeedIPC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that creates the client's concrete collaborators and runs a module.
enum CompositionRoot {
    /// The socket client, terminal, browser launcher and clock for one command.
    static func dependencies(_ options: GlobalOptions) -> ClientDependencies {
        let environment = ProcessInfo.processInfo.environment
        let socketPath = SocketLocation.resolve(explicit: options.socket, environment: environment, uid: getuid())
        return ClientDependencies(
            daemon: UnixSocketDaemonClient(socketPath: socketPath),
            terminal: StandardTerminal(environment: environment, color: options.color),
            launcher: ProcessBrowserLauncher(),
            clock: SystemWallClock(),
            environment: environment)
    }

    /// Runs `module` and ends the process with its status (docs/cli.md), right here: returning
    /// to `main` would first wait for the main thread to take over again (a thread hop, about
    /// a millisecond of every command). Views write with write(2), so nothing is left to flush.
    static func run(_ module: AssembledModule) async throws -> Never {
        let status = await module.run()
        exit(status.code)
    }
}
