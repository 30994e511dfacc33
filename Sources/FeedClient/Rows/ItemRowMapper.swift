import FeedEntities

/// Maps an `Item` to the `ItemRow` that list, search and watch show: one mapping, so the three
/// commands agree on titles, links and dates.
public struct ItemRowMapper {
    private let clock: any WallClock
    private let dateFormat: DateFormat?

    /// - Parameters:
    ///   - clock: gives the local zone the row's date is shown in.
    ///   - dateFormat: the user's format for the date (`ItemRow.formattedDate`), if any.
    public init(clock: any WallClock, dateFormat: DateFormat? = nil) {
        self.clock = clock
        self.dateFormat = dateFormat
    }

    public func row(for item: Item) -> ItemRow {
        let title = item.title ?? ""
        let date = item.displayDate
        let offset = clock.utcOffset(at: date)
        let display = Self.displayTitle(title, excerpt: item.excerpt)
        var row = ItemRow(
            number: item.id,
            isRead: item.isRead,
            isStarred: item.isStarred,
            title: title,
            displayTitle: display.text,
            link: item.link.flatMap { $0.isEmpty ? nil : $0 },
            feedTitle: item.feedTitle,
            feedNumber: item.feedID,
            author: item.author.flatMap { $0.isEmpty ? nil : $0 },
            localDate: DateText.local(date, offset: offset),
            shortDate: DateText.compact(date, now: clock.now, offset: offset),
            date: DateText.iso8601(date),
            published: item.published.map(DateText.iso8601))
        row.formattedDate = dateFormat?.text(date, offset: offset)
        row.titleIsExcerpt = display.isExcerpt
        row.excerpt = item.untitledExcerpt
        row.alsoIn = item.alsoIn ?? []
        row.tags = item.tags ?? []
        return row
    }

    /// What people see as the title: `title`, else for an untitled item the first words of its
    /// text that the daemon derived (`Item.excerpt`), else "(no title)".
    public static func displayTitle(_ title: String, excerpt: String?) -> (text: String, isExcerpt: Bool) {
        guard title.allSatisfy(\.isWhitespace) else { return (title, false) }
        if let excerpt, !excerpt.allSatisfy(\.isWhitespace) { return (excerpt, true) }
        return ("(no title)", false)
    }
}
