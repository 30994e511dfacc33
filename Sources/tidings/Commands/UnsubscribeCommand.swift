import ArgumentParser
import FeedClient

struct UnsubscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unsubscribe",
        abstract: "Remove a feed and its items; its starred items stay unless --delete-starred.",
        discussion: """
            Starred items stay listed (list --starred, search, show, open) under the feed's last title, \
            marked "(unsubscribed)", until you unstar them. A title prefix must be at least 3 characters.
            """)

    @Argument(help: ArgumentHelp(
        "The feed's number, URL, title or an unambiguous title prefix of at least 3 characters.", valueName: "feed"),
        completion: ShellCompletion.feeds)
    var feed: String

    @Flag(help: "Delete the feed's starred items too.")
    var deleteStarred = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if feed.allSatisfy(\.isWhitespace) { throw ValidationError("Name a feed by number, URL or title.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            UnsubscribeRouter.assemble(
                selector: feed, deleteStarred: deleteStarred, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
