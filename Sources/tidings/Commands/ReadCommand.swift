import ArgumentParser
import FeedClient

struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Mark items read: by number, every item (--all), every item of a feed (--feed) or of a saved view (--view).",
        discussion: ItemNumbersArgument.discussion)

    @Argument(help: ItemNumbersArgument.help)
    var numbers: [String] = []

    @Flag(name: .shortAndLong, help: "Mark every item read.")
    var all = false

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Mark every item of this feed read: its number, URL, title or a title prefix of at least 3 characters.",
        valueName: "feed"), completion: ShellCompletion.feeds)
    var feed: String?

    @Option(name: .long, help: ArgumentHelp("Mark every item of this saved view read (tidings view).", valueName: "name"), completion: ShellCompletion.views)
    var view: String?

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        _ = try selection()
    }

    func run() async throws {
        try await CompositionRoot.run(
            ItemStateRouter.assemble(
                action: .read, selection: try selection(), json: json, dependencies: CompositionRoot.dependencies(global)))
    }

    /// Exactly one of the numbers, `--all`, `--feed` and `--view`.
    private func selection() throws -> ItemSelection {
        let given = [!numbers.isEmpty, all, feed != nil, view != nil].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError("Give item numbers, --all, --feed FEED or --view NAME (exactly one of them).")
        }
        if all { return .all }
        if let view {
            if view.allSatisfy(\.isWhitespace) { throw ValidationError("--view needs a view's name (tidings view lists them).") }
            return .view(view)
        }
        if let feed {
            if feed.allSatisfy(\.isWhitespace) { throw ValidationError("--feed needs a feed number, URL or title.") }
            return .feed(feed)
        }
        return .numbers(try ItemNumbersArgument.parse(numbers))
    }
}

/// The item numbers `read`, `unread`, `star` and `unstar` take, shared so that the four
/// commands explain and check them alike.
