import ArgumentParser
import FeedClient

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an item: its header and content as text, then mark it read.",
        discussion: """
            The header gives the feed, title, author, date, link and enclosures; the content \
            follows, rendered from HTML and wrapped by the daemon to the terminal's width \
            ($COLUMNS or 80 when stdout is not a terminal), with numbered link references \
            listed under 'Links:'. On a terminal, an article taller than the window goes \
            through $PAGER (default: less -R). --json prints the schema in docs/json.md.
            """)

    @Argument(help: ArgumentHelp("The item's number, as 'tidings list' shows it.", valueName: "number"))
    var number: Int64

    @Flag(name: .customLong("no-mark"), help: "Leave the item's read state as it is.")
    var noMark = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if number < 1 { throw ValidationError("Item numbers start at 1.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            ShowItemRouter.assemble(
                number: number, marksRead: !noMark, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
