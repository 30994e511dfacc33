import ArgumentParser
import FeedClient

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List items, newest first (unread ones unless --all).",
        discussion: """
            On a terminal, a table: number, N for unread, local date, feed and title. \
            Piped, one tab-separated line per item: number, date (ISO 8601 UTC), feed, title, link. \
            --json prints the schema documented in docs/json.md.
            """)

    @Flag(name: .shortAndLong, help: "Include items already read.")
    var all = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Only this feed: its number, URL, title or a title prefix.", valueName: "feed"))
    var feed: String?

    @Option(name: [.customShort("n"), .long], help: "Show at most this many items.")
    var limit: Int?

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let feed, feed.allSatisfy(\.isWhitespace) { throw ValidationError("--feed needs a feed number, URL or title.") }
    }

    func run() async throws {
        let query = ItemListQuery(includeRead: all, feed: feed, limit: limit)
        try await CompositionRoot.run(
            ItemListRouter.assemble(query: query, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
