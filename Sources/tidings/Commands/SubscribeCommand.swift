import ArgumentParser
import FeedEntities
import FeedClient

struct SubscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Subscribe to a feed: the daemon fetches it once and keeps it if it is a feed.",
        discussion: """
            URL may be a web page that announces its feed; when it announces several, they are \
            listed (on stdout, exit status 1) to subscribe to one of them, with --json as a \
            document of candidates (docs/json.md).
            """)

    @Argument(help: ArgumentHelp("The feed's http or https URL, or a web page announcing it; without a scheme, https is tried first, then http. 'exec:PROGRAM ARGS' and 'filter:PROGRAM ARGS:URL' run a program, as newsboat does (docs/cli.md).", valueName: "url"))
    var url: String

    @Option(name: .customLong("tag"), help: ArgumentHelp("Tag the feed (repeat for several tags).", valueName: "tag"), completion: ShellCompletion.tags)
    var tags: [String] = []

    @Option(help: ArgumentHelp("Your own title for the feed instead of the one it gives.", valueName: "title"))
    var title: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("A setting of the feed, in force from its first fetch (repeat for several; keys as 'tidings feed set' takes them).", valueName: "key=value"),
        completion: .list(FeedCommand.Set.keys))
    var settings: [String] = []

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        // A command feed's address holds its arguments, blanks and all; the daemon reads it.
        if url.isEmpty || url.contains(where: \.isWhitespace) && !FeedAddress.isCommand(url) {
            throw ValidationError("'\(url)' is not a URL.")
        }
        if tags.contains(where: { $0.allSatisfy(\.isWhitespace) }) { throw ValidationError("--tag needs a tag.") }
        if let title, title.allSatisfy(\.isWhitespace) { throw ValidationError("--title needs a title.") }
        if settings.contains(where: { !$0.contains("=") }) { throw ValidationError("--set takes key=value, such as --set interval=2h.") }
    }

    func run() async throws {
        let request = SubscribeRequest(url: url, tags: tags, title: title, settings: settings)
        try await CompositionRoot.run(
            SubscribeRouter.assemble(request: request, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
