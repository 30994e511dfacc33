import ArgumentParser
import FeedClient

struct UnsubscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unsubscribe",
        abstract: "Remove feeds and their items; their starred items stay unless --delete-starred.",
        discussion: """
            Starred items stay listed (list --starred, search, show, open) under the feed's last title, \
            marked "(unsubscribed)", until you unstar them. A title prefix must be at least 3 characters. \
            Numbers may be ranges and lists, as 'read' takes them: 'unsubscribe 31-33 40'.
            """)

    @Argument(help: ArgumentHelp(
        "Each feed's number (or a range such as 31-33), URL, title or an unambiguous title prefix of at least 3 characters.",
        valueName: "feed"),
        completion: ShellCompletion.feeds)
    var feeds: [String]

    @Flag(help: "Delete the feed's starred items too.")
    var deleteStarred = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if try selectors().isEmpty { throw ValidationError("Name a feed by number, URL or title.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            UnsubscribeRouter.assemble(
                selectors: try selectors(), deleteStarred: deleteStarred, json: json, dependencies: CompositionRoot.dependencies(global)))
    }

    private func selectors() throws -> [String] {
        try FeedArguments.selectors(feeds)
    }
}
