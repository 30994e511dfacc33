import FeedEntities

/// Searches and maps each `SearchHit` to a `SearchHitRow`, keeping the daemon's best-first order.
public final class SearchPresenter {
    private let query: SearchRequest
    private let view: any SearchView
    private let interactor: any SearchUseCase
    private let mapper: ItemRowMapper

    public init(
        query: SearchRequest, view: any SearchView, interactor: any SearchUseCase,
        clock: any WallClock
    ) {
        self.query = query
        self.view = view
        self.interactor = interactor
        self.mapper = ItemRowMapper(clock: clock)
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let result = try await interactor.hits(for: query)
            view.showHits(result.hits.map(row(for:)), emptyNote: emptyNote, partial: result.partial)
            return .success
        } catch {
            let failure = await FeedSelectorHint.hinted(
                CommandFailure(error, action: "cannot search"), for: error, feed: query.feed, tag: interactor.tag(like:))
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    func row(for hit: SearchHit) -> SearchHitRow {
        let item = mapper.row(for: hit.item)
        let title = MatchedText(marked: hit.title)
        return SearchHitRow(
            item: item,
            title: title.isBlank ? MatchedText(pieces: [.init(item.displayTitle)]) : title,
            snippet: MatchedText(marked: hit.snippet))
    }

    /// `No items match 'kernel'.`, naming the filters: `No unread items tagged 'linux' match 'kernel'.`
    var emptyNote: String {
        var subject = query.unreadOnly ? "unread items" : "items"
        if let feed = query.feed { subject += " in '\(feed)'" }
        if let tag = query.tag { subject += " tagged '\(tag)'" }
        return "No \(subject) match '\(query.text)'."
    }
}
