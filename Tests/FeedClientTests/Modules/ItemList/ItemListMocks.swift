import Foundation
import FeedEntities
@testable import FeedClient

final class ItemListViewSpy: ItemListView {
    private(set) var shown: [(rows: [ItemRow], emptyNote: String)] = []
    private(set) var notes: [String] = []
    private(set) var failures: [CommandFailure] = []
    func showItems(_ rows: [ItemRow], emptyNote: String) { shown.append((rows, emptyNote)) }
    func showNote(_ note: String) { notes.append(note) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ItemListUseCaseStub: ItemListUseCase {
    var result: Result<[Item], any Error>
    private(set) var queries: [ItemListQuery] = []
    init(_ result: Result<[Item], any Error>) { self.result = result }
    func items(matching query: ItemListQuery) async throws -> [Item] {
        queries.append(query)
        return try result.get()
    }
    /// What `tag(like:)` answers, and the selectors it was asked about.
    var tag: String?
    private(set) var tagSelectors: [String] = []
    func tag(like selector: String) async -> String? {
        tagSelectors.append(selector)
        return tag
    }
}

extension ItemRow {
    static func fixture(
        _ number: Int64, title: String = "Tiling window managers, revisited", feed: String = "Planet Terminal",
        localDate: String = "2026-11-21 19:30", shortDate: String? = nil, isRead: Bool = false, isStarred: Bool = false,
        link: String? = "https://planet.example.org/tiling"
    ) -> ItemRow {
        // The month and day of `localDate`, as for an item of the last half year.
        let shortDate = shortDate ?? String(localDate.dropFirst(5).prefix(5))
        return ItemRow(
            number: number, isRead: isRead, isStarred: isStarred, title: title,
            displayTitle: title.isEmpty ? "(no title)" : title, link: link, feedTitle: feed, feedNumber: 1,
            author: nil, localDate: localDate, shortDate: shortDate, date: "2026-11-21T18:30:00Z",
            published: "2026-11-21T18:30:00Z")
    }

    /// An untitled item, listed by the first words of its text.
    static func untitled(_ number: Int64, excerpt: String, isRead: Bool = false) -> ItemRow {
        var row = ItemRow.fixture(number, title: "", isRead: isRead)
        row.displayTitle = excerpt
        row.titleIsExcerpt = true
        row.excerpt = excerpt
        return row
    }
}

/// Reading what list, search and watch Views wrote.
enum ListingText {
    /// `text` without the SGR sequences `TextStyle` writes (and only those: a feed's own escape
    /// sequence would stay, for the dangerous-scalar checks to find).
    static func withoutStyles(_ text: String) -> String {
        ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m", "\u{1B}[3m", "\u{1B}[33m", "\u{1B}[31m", "\u{1B}[1;7m"].reduce(text) {
            $0.replacingOccurrences(of: $1, with: "")
        }
    }

    /// Scalars a terminal would interpret in `text`: controls other than newline and tab, C1, bidi
    /// (as `TerminalSpy.dangerousScalars`, for text whose own SGR sequences were removed).
    static func dangerousScalars(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
            default: false
            }
        }
    }
}
