/// How each `ScreenElement` looks: the reader's defaults, with the config's `colors:` over
/// them. Looks up a `CellStyle` as its mark over its part over its base over `background`.
public struct ScreenPalette: Equatable, Sendable {
    private var looks: [ScreenElement: TextLook]

    /// The defaults with `overrides` in place of theirs (an element given replaces its default
    /// look whole, as newsboat's `color` does). A list row given without its `_unread` form
    /// gives that form too, in bold: a `listfocus` of one's own is not left beside a default
    /// reverse cursor on unread rows.
    public init(_ overrides: [ScreenElement: TextLook] = [:]) {
        var looks = Self.defaults.merging(overrides) { $1 }
        for (row, unread) in [(ScreenElement.listFocus, ScreenElement.listFocusUnread), (.listNormal, .listNormalUnread)] {
            if let given = overrides[row], overrides[unread] == nil { looks[unread] = TextLook.bold.over(given) }
        }
        self.looks = looks
    }

    public static let standard = ScreenPalette()

    /// How an element looks by itself.
    public func look(of element: ScreenElement) -> TextLook {
        looks[element] ?? []
    }

    /// How cells drawn in `style` look.
    public func look(for style: CellStyle) -> TextLook {
        var look = look(of: style.base).over(look(of: .background))
        if let part = style.part { look = self.look(of: part).over(look) }
        if let mark = style.mark { look = self.look(of: mark).over(look) }
        return look
    }

    /// The reader's look where the config says nothing: reverse bars and cursor, bold for
    /// what is unread, dim for the columns beside the title, a few colours that mean something
    /// (red fails, yellow is starred or code, cyan links and headings, green quotes and tags).
    static let defaults: [ScreenElement: TextLook] = [
        .listFocus: .reverse, .listNormalUnread: .bold, .listFocusUnread: [.reverse, .bold],
        .info: [.reverse, .bold], .message: .bold, .error: [.red, .bold], .progress: .cyan, .hint: .dim, .prompt: .bold,
        .itemNumber: .dim, .date: .dim, .starred: [.yellow, .bold], .alsoIn: .cyan, .feedTitle: .dim, .excerpt: .dim,
        .failing: [.red, .bold], .gone: .dim, .synced: .dim, .view: .cyan, .tag: .green, .tags: .dim, .placeholder: .dim,
        .header: .bold, .articleTitle: .bold, .heading: [.cyan, .bold], .quote: .green, .code: .yellow, .link: .cyan,
        .linkNumber: .dim, .searchMatch: .reverse, .helpKey: .bold, .helpAction: .cyan,
    ]
}
