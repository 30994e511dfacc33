import ArgumentParser
import FeedClient
import FeedEntities

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List items, newest first (unread ones unless --all or --starred).",
        discussion: """
            On a terminal, a table of one screen (unless --limit): number, N for unread and * for \
            starred, local date, feed and title. Piped, one tab-separated line per item: number, \
            date (ISO 8601 UTC), feed, title, link, state (unread or read, ",starred" appended). \
            --json prints the schema documented in docs/json.md. Filters combine. --where takes a \
            query (docs/views.md: is:unread, tag:linux, "a phrase", OR, -term, newer:7d …), which \
            decides about read items as a saved view does: they are listed unless it says \
            is:unread (or --unread is given). --view lists a saved view ('tidings view'), with read \
            items as --where does.
            """)

    @Flag(name: .shortAndLong, help: "Include items already read.")
    var all = false

    @Flag(name: .shortAndLong, help: "Only unread items (the default; not with --all or --starred).")
    var unread = false

    @Flag(name: .long, help: "Only starred items, read or not.")
    var starred = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Only this feed: its number, URL, title or a title prefix.", valueName: "feed"), completion: ShellCompletion.feeds)
    var feed: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Only items of feeds with this tag.", valueName: "tag"), completion: ShellCompletion.tags)
    var tag: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only items dated since then: Nm, Nh, Nd or Nw ago (e.g. 2d), today, yesterday, YYYY-MM-DD (local midnight) or YYYY-MM-DDTHH:MM:SSZ.",
            valueName: "when"),
        transform: { try SinceDate(parsing: $0) })
    var since: SinceDate?

    @Option(name: .shortAndLong, help: ArgumentHelp("Only items whose title, summary or content match these words.", valueName: "text"))
    var search: String?

    // Unconditional: a query may well start with `-` (`--where '-tag:news'`).
    @Option(
        name: .customLong("where"), parsing: .unconditional,
        help: ArgumentHelp("Only items this query selects (docs/views.md).", valueName: "query"))
    var filter: String?

    @Option(name: .long, help: ArgumentHelp("Only items of this saved view (tidings view).", valueName: "name"), completion: ShellCompletion.views)
    var view: String?

    @Option(name: [.customShort("n"), .long], help: "Show at most this many items (default on a terminal: one screen; else all).")
    var limit: Int?

    @Flag(help: "Include items a rule of the config hid.")
    var hidden = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        try Self.validate(
            unread: unread, all: all, starred: starred, limit: limit, feed: feed, tag: tag, search: search, filter: filter,
            view: view)
    }

    /// The checks of `validate()`, which `QuickListArguments` makes too.
    static func validate(
        unread: Bool, all: Bool, starred: Bool, limit: Int?, feed: String?, tag: String?, search: String?, filter: String?,
        view: String?
    ) throws {
        if let view, view.allSatisfy(\.isWhitespace) { throw ValidationError("--view needs a view's name (tidings view lists them).") }
        if unread, all { throw ValidationError("--unread and --all cannot be combined: --all includes the items already read.") }
        if unread, starred { throw ValidationError("--unread and --starred cannot be combined: --starred lists starred items, read or not.") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let feed, feed.allSatisfy(\.isWhitespace) { throw ValidationError("--feed needs a feed number, URL or title.") }
        if let tag, tag.allSatisfy(\.isWhitespace) { throw ValidationError("--tag needs a tag.") }
        if let search, search.allSatisfy(\.isWhitespace) { throw ValidationError("--search needs words to find.") }
        if let search { try SearchLength.validate(search, option: "--search") }
        if let filter {
            do {
                _ = try ItemFilter(parsing: filter)
            } catch {
                throw ValidationError("--where: \(error).")
            }
        }
    }

    /// What the options ask for.
    var query: ItemListQuery {
        ItemListQuery(
            includeRead: all || ((filter != nil || view != nil) && !unread), starredOnly: starred, feed: feed, tag: tag,
            since: since, search: search, limit: limit, includeHidden: hidden, filter: filter, view: view)
    }

    func run() async throws {
        try await CompositionRoot.run(
            ItemListRouter.assemble(query: query, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
