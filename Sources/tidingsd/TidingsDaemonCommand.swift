import ArgumentParser
import FeedDaemon
import FeedIPC

/// `tidingsd`: the Tidings daemon.
@main
struct TidingsDaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidingsd",
        abstract: "The Tidings daemon: keeps feeds fresh and serves the tidings client.",
        discussion: """
            Run it in the foreground with 'tidingsd run' (systemd does so from the tidingsd user unit).
            Clients talk to it over a private Unix socket; see docs/protocol.md.
            """,
        version: TidingsVersion.current,
        subcommands: [RunCommand.self, RestoreCommand.self, ParseCommand.self, ExtractCommand.self])
}
