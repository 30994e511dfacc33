import ArgumentParser
import FeedClient

struct RenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a feed your own title, or with --reset the one its feed document gives.",
        discussion: """
            Refreshes never replace your own title. Several words are joined with one space. A title \
            may not hold control characters (such as a newline); one over 4 KiB is cut with "…".
            """)

    @Argument(help: ArgumentHelp(
        "The feed's number, URL, title or an unambiguous title prefix of at least 3 characters.", valueName: "feed"),
        completion: ShellCompletion.feeds)
    var feed: String

    @Argument(help: ArgumentHelp("The new title.", valueName: "title"))
    var title: [String] = []

    @Flag(help: "Go back to the title the feed document gives.")
    var reset = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    var joinedTitle: String? { RenameFeedPresenter.title(joining: title) }

    func validate() throws {
        if feed.allSatisfy(\.isWhitespace) { throw ValidationError("Name a feed by number, URL or title.") }
        if reset, !title.isEmpty { throw ValidationError("Give a title or --reset, not both.") }
        // A blank title would reset the feed's title without saying so.
        if !reset, joinedTitle == nil { throw ValidationError("Give the new title, or --reset for the feed's own.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            RenameFeedRouter.assemble(
                selector: feed, title: reset ? nil : joinedTitle, json: json,
                dependencies: CompositionRoot.dependencies(global)))
    }
}
