import Foundation
import FeedEntities
import FeedIPC
@testable import FeedClient

final class SearchViewSpy: SearchView {
    private(set) var shown: [(rows: [SearchHitRow], emptyNote: String)] = []
    private(set) var partials: [PartialSearch?] = []
    private(set) var failures: [CommandFailure] = []
    func showHits(_ rows: [SearchHitRow], emptyNote: String, partial: PartialSearch?) {
        shown.append((rows, emptyNote))
        partials.append(partial)
    }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class SearchUseCaseStub: SearchUseCase {
    var result: Result<[SearchHit], any Error>
    /// The daemon's `partial`, `unindexed` and `partialReason` sent with the hits.
    var partial: (unindexed: Int?, reason: String?)?
    private(set) var queries: [SearchRequest] = []
    init(_ result: Result<[SearchHit], any Error>) { self.result = result }
    func hits(for query: SearchRequest) async throws -> SearchResults {
        queries.append(query)
        return SearchResults(hits: try result.get(), partial: partial.map { PartialSearch(unindexed: $0.unindexed, reason: $0.reason) })
    }
    /// What `tag(like:)` answers, and the selectors it was asked about.
    var tag: String?
    private(set) var tagSelectors: [String] = []
    func tag(like selector: String) async -> String? {
        tagSelectors.append(selector)
        return tag
    }
}

/// `text` with the daemon's match markers around `match`: `searchMarked("a window b", "window")`.
func searchMarked(_ text: String, _ matches: String...) -> String {
    matches.reduce(text) { $0.replacingOccurrences(of: $1, with: "\u{02}\($1)\u{03}") }
}

extension SearchHitRow {
    /// A hit on the list fixture row, `title` and `snippet` written with `[` `]` for the markers.
    static func fixture(
        _ number: Int64, title: String = "Tiling [window] managers, revisited", snippet: String = "",
        feed: String = "Planet Terminal", isRead: Bool = false, isStarred: Bool = false
    ) -> SearchHitRow {
        func parse(_ text: String) -> MatchedText {
            MatchedText(marked: text.replacingOccurrences(of: "[", with: "\u{02}").replacingOccurrences(of: "]", with: "\u{03}"))
        }
        let plainTitle = title.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
        return SearchHitRow(
            item: .fixture(number, title: plainTitle, feed: feed, isRead: isRead, isStarred: isStarred),
            title: parse(title), snippet: parse(snippet))
    }
}
