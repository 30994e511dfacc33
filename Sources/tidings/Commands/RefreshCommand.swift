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

    @Argument(
        help: ArgumentHelp("Feeds to refresh (number or range such as 3-7, URL, title or title prefix); all when none.", valueName: "feed"),
        completion: ShellCompletion.feeds)
    var feeds: [String] = []

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let selectors = try FeedArguments.selectors(feeds)
        // Blank arguments are not "every feed".
        if !feeds.isEmpty, selectors.isEmpty { throw ValidationError("Name a feed by number, URL or title.") }
        try await CompositionRoot.run(
            RefreshFeedsRouter.assemble(selectors: selectors, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
