import ArgumentParser
import FeedClient

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print new items as the daemon stores them, until it stops.",
        discussion: """
            One line per new item, written at once: the 'tidings list' table row on a terminal, its \
            tab-separated line when piped, one JSON object per line with --json (docs/json.md). \
            When the daemon stops, 'the daemon stopped' goes to stderr and the exit status is 1, \
            so that a script can start watching again.
            """)

    @Flag(help: "Print one JSON object per line (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CompositionRoot.run(WatchRouter.assemble(json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
