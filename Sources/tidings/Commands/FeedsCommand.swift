import ArgumentParser
import FeedClient

struct FeedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "List subscribed feeds with unread and total counts.",
        discussion: """
            On a terminal: number, ! when the last refresh failed, unread/total, last refresh, \
            title, and the error below. Piped, tab-separated: number, unread, total, last refresh \
            (ISO 8601 UTC), title, URL, last error.
            """)

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CompositionRoot.run(
            FeedListRouter.assemble(json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
