import ArgumentParser
import FeedClient

struct StopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop the daemon (one a command started, or one you ran) and wait until it has ended.",
        discussion: """
            The daemon stops as on SIGTERM: what it stored stays, refreshes end. Nothing is \
            started to be stopped: with no daemon running, it says so (exit status 0). A daemon \
            systemd runs as the user service is stopped with 'systemctl --user stop tidingsd' \
            instead, which the error says.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CompositionRoot.run(StopDaemonRouter.assemble(dependencies: CompositionRoot.dependencies(global, autostart: false)))
    }
}
