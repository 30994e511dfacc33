import FeedEntities

/// Turns the feeds into the screen's rows, keeps the cursor on the feed it is on across
/// reloads, and acts on the screen's keys.
@MainActor
public final class ReaderFeedsPresenter: ReaderScreen, ReaderListingSequence {
    let view: any ReaderFeedsView
    let interactor: any ReaderFeedsUseCase
    let router: any ReaderFeedsWireframe
    let clock: any WallClock
    var feeds: [Feed] = []
    var counts = (unread: 0, starred: 0)
    var views: [SavedView] = []
    /// Whether a round of views' counts is asked (`countViews`), and whether the views changed
    /// since it was asked.
    var viewCounting = (inFlight: false, stale: false)
    var entries: [ReaderFeedEntry] = []
    var cursor = ListCursor()
    /// Group the feeds under their tags (`toggle-tags`).
    private(set) var groupsByTag = false
    /// Show feeds with no unread items too (`toggle-show-read-feeds`).
    private(set) var showsReadFeeds: Bool

    public init(
        view: any ReaderFeedsView, interactor: any ReaderFeedsUseCase, router: any ReaderFeedsWireframe, clock: any WallClock,
        showsReadFeeds: Bool = true
    ) {
        self.clock = clock
        self.showsReadFeeds = showsReadFeeds
        self.view = view
        self.interactor = interactor
        self.router = router
    }

    // MARK: - ReaderScreen

    public var hintedActions: [ReaderAction] {
        [.quit, .open, .reload, .reloadAll, .markFeedRead, .search, .toggleTags, .help]
    }

    public func screenWillAppear() async {
        await reload()
        sayProblem()
    }

    public func dataDidChange() async {
        await reload()
    }

    public func redraw() {
        cursor.scrollToSelection(count: entries.count, visible: view.listRows)
        view.show(ReaderFeedsModel(
            title: "Feeds (\(Counted.phrase(counts.unread, "unread item")))",
            position: entries.isEmpty ? "" : "\(cursor.selected + 1)/\(entries.count)",
            entries: entries, cursor: cursor))
    }

    public func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        guard let action else { return false }
        let visible = view.listRows
        switch action {
        case .up: cursor.move(by: -1, count: entries.count, visible: visible)
        case .down: cursor.move(by: 1, count: entries.count, visible: visible)
        case .pageUp: cursor.page(-1, count: entries.count, visible: visible)
        case .pageDown: cursor.page(1, count: entries.count, visible: visible)
        case .home: cursor.select(0, count: entries.count, visible: visible)
        case .end: cursor.select(entries.count - 1, count: entries.count, visible: visible)
        case .nextUnread, .previousUnread:
            guard let row = nextUnread(from: cursor.selected, forward: action == .nextUnread) else {
                router.say("No unread feed \(action == .nextUnread ? "below" : "above")", isError: false)
                return true
            }
            cursor.select(row, count: entries.count, visible: visible)
        case .open:
            guard let source = selectedSource() else {
                if case .tag("")? = selected?.kind { router.say("The feeds without a tag are listed under this heading", isError: false) }
                return true
            }
            await router.showItems(source, listings: self)
            return true
        case .reload:
            router.refresh(feeds: selectedFeeds())
            return true
        case .markFeedRead where selectedIsAllUnread(), .markAllRead:
            router.confirm("Mark every item of every feed read?") { [weak self] in
                await self?.markRead(feed: nil, all: true)
            }
            return true
        case .markFeedRead:
            await markRead(feed: selectedFeedNumber(), all: false)
            return true
        case .search:
            await router.showSearch()
            return true
        case .toggleTags:
            groupsByTag.toggle()
            rebuild(keeping: selectedKind())
        case .toggleShowRead:
            showsReadFeeds.toggle()
            rebuild(keeping: selectedKind())
            router.say(showsReadFeeds ? "Showing every feed" : "Showing feeds with unread items", isError: false)
            redraw()
            return true
        default:
            return false
        }
        redraw()
        // The cursor moved (or the rows changed under it).
        sayProblem()
        return true
    }

    // MARK: - ReaderListingSequence

    public func listings(beside source: ItemSource, forward: Bool, unreadOnly: Bool) -> [ItemSource] {
        guard let row = row(of: source, from: cursor.selected, forward: forward) ?? hiddenFeedRow(source, forward: forward) else { return [] }
        var found: [ItemSource] = []
        var seen: Set<ItemSource> = [source]
        for index in forward ? Array(entries.indices.dropFirst(row + 1)) : Array(entries.indices.prefix(row).reversed()) {
            let entry = entries[index]
            guard Self.sameClass(entry.kind, source), !unreadOnly || entry.unread > 0, let listing = Self.source(of: entry) else { continue }
            // A feed under two tags is on two rows: it comes once.
            if seen.insert(Self.identity(listing)).inserted { found.append(listing) }
        }
        return found
    }

    public func didShow(_ source: ItemSource, forward: Bool) {
        guard let row = row(of: source, from: cursor.selected, forward: forward) else { return }
        cursor.select(row, count: entries.count, visible: view.listRows)
    }

    /// The row of `source` nearest to `start` going `forward` (or back), `start` itself
    /// first, else its first row anywhere.
    private func row(of source: ItemSource, from start: Int, forward: Bool) -> Int? {
        let source = Self.identity(source)
        let matches = { (index: Int) in Self.source(of: self.entries[index]).map(Self.identity) == source }
        guard entries.indices.contains(start) else { return entries.indices.first(where: matches) }
        let ahead = forward ? Array(entries.indices[start...]) : Array(entries.indices[...start].reversed())
        return ahead.first(where: matches) ?? entries.indices.first(where: matches)
    }

    /// Where a feed the screen no longer lists would be (read through while the read feeds are
    /// hidden): the row before the first feed after it in subscription order (`forward`), or
    /// after the last feed before it, so that going on from it still goes on in that order.
    private func hiddenFeedRow(_ source: ItemSource, forward: Bool) -> Int? {
        guard case .feed(let number, _) = source, let position = feeds.firstIndex(where: { $0.id == number }) else { return nil }
        let order = Dictionary(feeds.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = entries.indices.filter { index in
            guard case .feed(let other, _) = entries[index].kind, let place = order[other] else { return false }
            return forward ? place > position : place < position
        }
        if forward { return rows.first.map { $0 - 1 } ?? entries.count - 1 }
        return rows.last.map { $0 + 1 } ?? 0
    }

    /// A feed by its number alone: the title in `ItemSource` is only for the title bar.
    private static func identity(_ source: ItemSource) -> ItemSource {
        if case .feed(let number, _) = source { return .feed(number: number, title: "") }
        return source
    }

    /// Whether the row lists what `source` does: a feed for a feed, a tag for a tag.
    private static func sameClass(_ kind: ReaderFeedEntry.Kind, _ source: ItemSource) -> Bool {
        switch (kind, source) {
        case (.feed, .feed): true
        case (.tag(let tag), .tag): !tag.isEmpty
        case (.view, .view): true
        default: false
        }
    }
}
