import ArgumentParser
import FeedClient

struct UnsubscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unsubscribe",
        abstract: "Remove a feed and all its items.")

    @Argument(help: ArgumentHelp("The feed's number, URL, title or an unambiguous title prefix.", valueName: "feed"), completion: ShellCompletion.feeds)
    var feed: String

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if feed.allSatisfy(\.isWhitespace) { throw ValidationError("Name a feed by number, URL or title.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            UnsubscribeRouter.assemble(selector: feed, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
