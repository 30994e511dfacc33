#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

/// Maps an `Item` and its rendered content to the `ItemDetail` that `show` and the reader's
/// article screen present: one mapping, so both agree on titles, dates and attachments.
public struct ItemDetailMapper {
    private let clock: any WallClock

    /// - Parameter clock: gives the local zone and "now" for the date line.
    public init(clock: any WallClock) {
        self.clock = clock
    }

    /// `detail(for:rendered:)` with which text is shown (`text`) and the page's article.
    public func detail(for item: Item, rendered: RenderedContent?, article: ItemArticle?, text: ItemText) -> ItemDetail {
        var detail = detail(for: item, rendered: rendered)
        detail.shownText = text
        detail.article = article
        detail.textNote = textNote(article, shown: text)
        return detail
    }

    /// `the page's article (extracted 2026-12-03 17:00)`, `the feed's (the page's article is
    /// kept)`, `the feed's (the page gave no article: …)`; `nil` when the page was never fetched.
    func textNote(_ article: ItemArticle?, shown: ItemText) -> String? {
        guard let article else { return nil }
        if shown == .article {
            let extracted = article.extractedAt.map { " (extracted \(dateText($0)))" } ?? ""
            let cut = article.truncated ? ", cut short" : ""
            return "the page's article\(extracted)\(cut)"
        }
        return "the feed's (\(article.unavailability ?? "the page's article is kept"))"
    }

    public func detail(for item: Item, rendered: RenderedContent?) -> ItemDetail {
        let title = item.title ?? ""
        let display = ItemRowMapper.displayTitle(title, excerpt: item.excerpt)
        var detail = ItemDetail(
            number: item.id,
            title: title,
            displayTitle: display.text,
            link: Self.nonBlank(item.link),
            feedTitle: item.feedTitle,
            feedNumber: item.feedID,
            author: Self.nonBlank(item.author),
            dateText: dateText(of: item),
            published: item.published.map(DateText.iso8601),
            isRead: item.isRead,
            isStarred: item.isStarred,
            attachments: item.enclosures.compactMap { enclosure in
                guard let url = Self.nonBlank(enclosure.url) else { return nil }
                return ItemDetail.Attachment(
                    url: url, type: Self.nonBlank(enclosure.type), length: enclosure.length,
                    size: enclosure.length.flatMap(ByteCount.text), duration: enclosure.duration,
                    playingTime: enclosure.duration.flatMap(PlayingTime.text))
            },
            text: rendered?.text ?? "",
            links: rendered?.links ?? [])
        if let rendered {
            detail.imageLinks = (rendered.images ?? []).filter { $0 >= 1 && $0 <= rendered.links.count }.map { rendered.links[$0 - 1] }
        }
        detail.alsoIn = item.alsoIn ?? []
        detail.tags = item.tags ?? []
        detail.titleIsExcerpt = display.isExcerpt
        detail.excerpt = item.untitledExcerpt
        return detail
    }

    /// The date the item is listed by, and the feed's own when that is not it (a date in the
    /// future or before 1995: `Item.displayDate`), so that nothing the feed says is hidden.
    func dateText(of item: Item) -> String {
        let listed = dateText(item.displayDate)
        guard let feedDate = item.feedDate, feedDate != item.displayDate else { return listed }
        return listed + ", first seen; the feed dates it " + DateText.local(feedDate, offset: clock.utcOffset(at: feedDate))
    }

    /// Local time, plus how long ago when that says more than the date: within the last 30
    /// days, and not for dates in the future (a feed's or this machine's clock is off).
    public func dateText(_ date: Date) -> String {
        let offset = clock.utcOffset(at: date)
        let local = DateText.local(date, offset: offset)
        let age = clock.now.timeIntervalSince(date)
        guard age >= 0, age < 30 * 86_400 else { return local }
        return local + " (" + DateText.relative(date, now: clock.now, offset: offset) + ")"
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}
