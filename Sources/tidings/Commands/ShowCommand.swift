import ArgumentParser
import FeedClient

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an item: its header and content as text, then mark it read.",
        discussion: """
            Without a number, shows the newest unread item; with --next, the next unread item \
            after the one shown last, in the order 'tidings list' shows them ('tidings: no \
            unread items' and exit status 1 when there is none, so that a loop of 'tidings \
            show --next' ends). The daemon remembers the item shown last until it stops. \
            The header gives the feed, title, author, date, link and enclosures; the content \
            follows, rendered from HTML and wrapped by the daemon to the terminal's width \
            ($COLUMNS or 80 when stdout is not a terminal), with numbered link references \
            listed under 'Links:'. When the daemon keeps the article of the item's page (a feed \
            with full_text=always, or an earlier --full), that article is shown, and the \
            header's 'Text:' line says so; --full fetches the page and extracts its article \
            now unless one is kept, --feed-text shows the feed's own text. On a terminal, an \
            article taller than the window goes through $PAGER (default: less -R). --json \
            prints the schema in docs/json.md.
            """)

    @Argument(help: ArgumentHelp("The item's number, as 'tidings list' shows it (default: the newest unread item).", valueName: "number"))
    var number: Int64?

    @Flag(help: "Show the next unread item after the one shown last.")
    var next = false

    @Flag(help: "Show the article of the item's page, fetched and extracted now unless the daemon keeps it.")
    var full = false

    @Flag(name: .customLong("feed-text"), help: "Show the feed's own text, even when the daemon keeps the page's article.")
    var feedText = false

    @Flag(name: .customLong("no-mark"), help: "Leave the item's read state as it is.")
    var noMark = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let number, number < 1 { throw ValidationError("Item numbers start at 1.") }
        if number != nil, next { throw ValidationError("Give an item number or --next, not both.") }
        if full, feedText { throw ValidationError("Give --full or --feed-text, not both.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            ShowItemRouter.assemble(
                number: number, next: next, marksRead: !noMark, text: full ? .article : feedText ? .feed : nil, json: json,
                dependencies: CompositionRoot.dependencies(global)))
    }
}
