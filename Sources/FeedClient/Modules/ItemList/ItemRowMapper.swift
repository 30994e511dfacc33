import FeedEntities

/// Maps an `Item` to the `ItemRow` that list, search and watch show: one mapping, so the three
/// commands agree on titles, links and dates.
public struct ItemRowMapper {
    private let clock: any WallClock

    /// - Parameter clock: gives the local zone the row's date is shown in.
    public init(clock: any WallClock) {
        self.clock = clock
    }

    public func row(for item: Item) -> ItemRow {
        let title = item.title ?? ""
        let date = item.displayDate
        var row = ItemRow(
            number: item.id,
            isRead: item.isRead,
            isStarred: item.isStarred,
            title: title,
            displayTitle: title.allSatisfy(\.isWhitespace) ? "(no title)" : title,
            link: item.link.flatMap { $0.isEmpty ? nil : $0 },
            feedTitle: item.feedTitle,
            feedNumber: item.feedID,
            author: item.author.flatMap { $0.isEmpty ? nil : $0 },
            localDate: DateText.local(date, offset: clock.utcOffset(at: date)),
            date: DateText.iso8601(date),
            published: item.published.map(DateText.iso8601))
        row.alsoIn = item.alsoIn ?? []
        row.tags = item.tags ?? []
        return row
    }
}
