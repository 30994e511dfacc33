import ArgumentParser
import FeedClient
import FeedEntities

/// `tidings feed show|set|unset FEED …`: a feed's own settings.
struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Show and change a feed's own settings: how and how often it is fetched, how long its items are kept.",
        discussion: """
            Keys: \(FeedSettingKey.list). A setting not set follows the config. \
            The cookie, secret headers and headers whose name marks a credential (Authorization, \
            X-Auth-Token, X-Api-Key, any with token, key, secret, auth or session in it) are never \
            shown, and go to the feed's own origin only. docs/cli.md ('tidings feed') says what \
            each key takes.
            """,
        subcommands: [Show.self, Set.self, Unset.self])

    /// `tidings feed` alone names no action: a usage error that lists them.
    func run() async throws {
        throw ValidationError(
            "expected 'tidings feed show FEED', 'tidings feed set FEED KEY=VALUE…' or 'tidings feed unset FEED KEY…'")
    }

    /// The feed's number and `--json`, which every subcommand takes.
    struct Target: ParsableArguments {
        @Argument(help: ArgumentHelp(
            "The feed's number, URL, title or an unambiguous title prefix of at least 3 characters.", valueName: "feed"),
            completion: ShellCompletion.feeds)
        var feed: String

        @Flag(help: "Print the feed as JSON (docs/json.md).")
        var json = false

        /// The feed, as the daemon resolves it.
        /// - Throws: `ValidationError` (a usage error) when `feed` is blank.
        func selector() throws -> String {
            guard !feed.allSatisfy(\.isWhitespace) else { throw ValidationError("Name a feed by number, URL or title.") }
            return feed
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a feed's settings, one 'key = value' line each.")

        @OptionGroup var target: Target
        @OptionGroup var global: GlobalOptions

        func validate() throws { _ = try target.selector() }

        func run() async throws {
            try await FeedCommand.run(target, FeedSettingsChange(), global)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a feed's settings, then show them.",
            discussion: """
                Each KEY=VALUE sets one setting (quote a value with spaces: 'header=X-Key: value'); \
                header=… adds a header, or replaces the one of that name. A secret need not be \
                typed where other users can read it: KEY=- reads the value of KEY from standard \
                input, --stdin reads KEY=VALUE lines from it, and header_command, header_file, \
                cookie_command and cookie_file have the daemon read it at each fetch. Nothing is \
                changed when one is refused.
                """)

        @OptionGroup var target: Target

        @Argument(help: ArgumentHelp("Settings to set, such as interval=2h; KEY=- reads the value from standard input.", valueName: "key=value"), completion: .list(Self.keys))
        var assignments: [String] = []

        @Flag(help: "Read more KEY=VALUE lines from standard input (blank lines and # comments skipped).")
        var stdin = false

        @OptionGroup var global: GlobalOptions

        static let keys = FeedSettingKey.allCases.map { $0.rawValue + "=" }

        func validate() throws {
            _ = try target.selector()
            if assignments.isEmpty, !stdin { throw ValidationError("Give at least one key=value, such as interval=2h, or --stdin.") }
        }

        func run() async throws {
            try await FeedCommand.run(target, FeedSettingsChange(set: assignments, readsAssignments: stdin), global)
        }
    }

    struct Unset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Clear a feed's settings, so that the config's apply, then show them.",
            discussion: "'header' clears every header, 'header=NAME' the one of that name.")

        @OptionGroup var target: Target

        @Argument(help: ArgumentHelp("Settings to clear, such as interval.", valueName: "key"), completion: .list(FeedSettingKey.allCases.map(\.rawValue)))
        var keys: [String] = []

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            _ = try target.selector()
            if keys.isEmpty { throw ValidationError("Give at least one key to clear, such as interval.") }
        }

        func run() async throws {
            try await FeedCommand.run(target, FeedSettingsChange(unset: keys), global)
        }
    }

    private static func run(_ target: Target, _ change: FeedSettingsChange, _ global: GlobalOptions) async throws {
        try await CompositionRoot.run(
            ChangeFeedSettingsRouter.assemble(
                selector: try target.selector(), change: change, json: target.json,
                dependencies: CompositionRoot.dependencies(global)))
    }
}
