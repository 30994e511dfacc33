import ArgumentParser
import FeedClient

struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "List subscribed feeds with unread and total counts, tags and their health.",
        discussion: """
            On a terminal: number, ! when the feed is failing (x when it is gone), unread/total, \
            last refresh, title and tags, and below a failing feed its error, how many attempts \
            failed in a row and when the next one is. Piped, tab-separated: number, unread, total, \
            last refresh (ISO 8601 UTC), title, URL, last error, health (ok, failing, gone), \
            failures in a row, next check (ISO 8601 UTC), tags (comma-separated).
            """)

    @Option(
        name: .shortAndLong, help: ArgumentHelp("List only the feeds with this tag (case-insensitive).", valueName: "tag"),
        completion: ShellCompletion.tags)
    var tag: String?

    @Flag(help: "List only the feeds whose refreshes fail, or that are gone, with their errors.")
    var failing = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let tag, tag.allSatisfy(\.isWhitespace) { throw ValidationError("--tag needs a tag.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            FeedListRouter.assemble(
                json: json, failing: failing, tag: tag, dependencies: CompositionRoot.dependencies(global)))
    }
}
