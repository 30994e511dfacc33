import ArgumentParser
import FeedClient

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch feeds now and report new items and errors.",
        discussion: """
            Waits until every feed has been fetched. Feeds that fail are reported; the command \
            still succeeds. With --json, no progress is shown and one document is printed at the end.
            """)

    @Argument(help: ArgumentHelp("Feeds to refresh (number, URL, title or title prefix); all when none.", valueName: "feed"), completion: ShellCompletion.feeds)
    var feeds: [String] = []

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CompositionRoot.run(
            RefreshFeedsRouter.assemble(selectors: feeds, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
