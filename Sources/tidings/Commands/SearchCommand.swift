import ArgumentParser
import FeedClient
import FeedIPC

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find items by the words in their title, summary or content, best match first.",
        discussion: """
            Words are all required; "a phrase" (quoted for the shell too), prefix*, OR and -word are \
            understood. On a terminal the list table with the matching words highlighted and a \
            snippet under each hit; piped, the tab-separated lines of 'tidings list'; --json: \
            docs/json.md. At most 50 hits unless --limit.
            """)

    @Argument(help: ArgumentHelp("The words to find.", valueName: "query"))
    var words: [String]

    @Flag(name: .shortAndLong, help: "Only unread items.")
    var unread = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Only this feed: its number, URL, title or a title prefix.", valueName: "feed"), completion: ShellCompletion.feeds)
    var feed: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Only items of feeds with this tag.", valueName: "tag"), completion: ShellCompletion.tags)
    var tag: String?

    @Option(name: [.customShort("n"), .long], help: "Show at most this many hits (default 50).")
    var limit: Int?

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if words.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { throw ValidationError("Give the words to search for.") }
        try SearchLength.validate(words.joined(separator: " "), option: "The query")
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let feed, feed.allSatisfy(\.isWhitespace) { throw ValidationError("--feed needs a feed number, URL or title.") }
        if let tag, tag.allSatisfy(\.isWhitespace) { throw ValidationError("--tag needs a tag.") }
    }

    func run() async throws {
        let query = SearchRequest(text: words.joined(separator: " "), unreadOnly: unread, feed: feed, tag: tag, limit: limit)
        try await CompositionRoot.run(
            SearchRouter.assemble(query: query, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
