import ArgumentParser
import FeedClient

struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Mark items read: by number, every item (--all) or every item of a feed (--feed).",
        discussion: ItemNumbersArgument.discussion)

    @Argument(help: ItemNumbersArgument.help)
    var numbers: [String] = []

    @Flag(name: .shortAndLong, help: "Mark every item read.")
    var all = false

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Mark every item of this feed read: its number, URL, title or a title prefix of at least 3 characters.",
        valueName: "feed"), completion: ShellCompletion.feeds)
    var feed: String?

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

    /// Exactly one of the numbers, `--all` and `--feed`.
    private func selection() throws -> ItemSelection {
        let given = [!numbers.isEmpty, all, feed != nil].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError("Give item numbers, --all or --feed FEED (exactly one of them).")
        }
        if all { return .all }
        if let feed {
            if feed.allSatisfy(\.isWhitespace) { throw ValidationError("--feed needs a feed number, URL or title.") }
            return .feed(feed)
        }
        return .numbers(try ItemNumbersArgument.parse(numbers))
    }
}

/// The item numbers `read`, `unread`, `star` and `unstar` take, shared so that the four
/// commands explain and check them alike.
