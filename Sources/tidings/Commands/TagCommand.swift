import ArgumentParser
import FeedClient

struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Add and remove a feed's tags, then show them.",
        discussion: """
            +TAG or TAG adds a tag, -TAG removes one (tags compare case-insensitively). With no \
            changes, shows the feed's tags. After FEED, only --socket, --color, --no-autostart, \
            --json and --help are read as options; after '--', every word is a change.
            """)

    @Argument(help: ArgumentHelp("The feed's number, URL, title or an unambiguous title prefix.", valueName: "feed"), completion: ShellCompletion.feeds)
    var feed: String

    // Captured as written: with the default strategy `-news` would be an unknown option, and
    // with `.allUnrecognized` a tag holding an `h` (`-tech`) would ask for help.
    // `TagCommandLine` picks the global options out of them.
    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("+TAG or TAG to add, -TAG to remove.", valueName: "change"),
        completion: ShellCompletion.tagChanges)
    var changes: [String] = []

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    /// The changes, and the options written after FEED.
    private func commandLine() throws -> TagCommandLine {
        do {
            return try TagCommandLine(
                changes, optionsTakingValues: GlobalOptionPlacement.optionsTakingValues,
                flags: GlobalOptionPlacement.flags.union(["--json"]))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `global`, with the options written after FEED taking precedence.
    private func options(_ commandLine: TagCommandLine) throws -> GlobalOptions {
        var options = global
        if commandLine.flags.contains("--no-autostart") { options.noAutostart = true }
        guard !commandLine.options.isEmpty else { return options }
        let later = try GlobalOptions.parse(commandLine.options)
        if let socket = later.socket { options.socket = socket }
        if commandLine.options.contains(where: { $0.hasPrefix("--color") }) { options.color = later.color }
        return options
    }

    func validate() throws {
        if feed.allSatisfy(\.isWhitespace) { throw ValidationError("Name a feed by number, URL or title.") }
        let commandLine = try commandLine()
        if commandLine.asksForHelp { throw CleanExit.helpRequest(self) }
        _ = try options(commandLine)
    }

    func run() async throws {
        let commandLine = try commandLine()
        try await CompositionRoot.run(
            TagFeedRouter.assemble(
                selector: feed, changes: commandLine.changes, json: json || commandLine.flags.contains("--json"),
                dependencies: CompositionRoot.dependencies(try options(commandLine))))
    }
}
