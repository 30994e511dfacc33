import FeedEntities

/// Turns the feeds into the screen's rows, keeps the cursor on the feed it is on across
/// reloads, and acts on the screen's keys.
@MainActor
public final class ReaderFeedsPresenter: ReaderScreen, ReaderListingSequence {
    private let view: any ReaderFeedsView
    private let interactor: any ReaderFeedsUseCase
    private let router: any ReaderFeedsWireframe
    private let clock: any WallClock
    private var feeds: [Feed] = []
    private var counts = (unread: 0, starred: 0)
    private var entries: [ReaderFeedEntry] = []
    private var cursor = ListCursor()
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
        default: false
        }
    }

    // MARK: - Loading

    private func reload() async {
        do {
            // Both at once: the feeds' list is the longer answer, the counts come meanwhile.
            let interactor = self.interactor
            let counting = Task { try await interactor.counts() }
            feeds = try await interactor.feeds()
            counts = try await counting.value
        } catch {
            router.say(CommandFailure(error, action: "cannot list the feeds").message, isError: true)
        }
        rebuild(keeping: selectedKind())
        redraw()
    }

    /// On a failing or gone feed's row, the status line says what is wrong with it, as
    /// `tidings feeds` does under it.
    private func sayProblem() {
        if let problem = selected?.problem { router.say(problem, isError: true) }
    }

    /// Builds the rows again and puts the cursor back on the row of the same kind (the same
    /// feed), else on the row number it was on.
    private func rebuild(keeping kind: ReaderFeedEntry.Kind?) {
        entries = Self.entries(feeds: feeds, counts: counts, groupsByTag: groupsByTag, showsReadFeeds: showsReadFeeds, clock: clock)
        if let kind, let row = entries.firstIndex(where: { Self.sameTarget($0.kind, kind) }) {
            cursor.select(row, count: entries.count, visible: view.listRows)
        } else {
            cursor.scrollToSelection(count: entries.count, visible: view.listRows)
        }
    }

    /// The screen's rows: the two listings of every feed, then the feeds, by number or under
    /// each of their tags (a feed with two tags is under both; untagged ones come last).
    static func entries(
        feeds: [Feed], counts: (unread: Int, starred: Int), groupsByTag: Bool, showsReadFeeds: Bool, clock: any WallClock
    ) -> [ReaderFeedEntry] {
        var entries = [
            ReaderFeedEntry(kind: .allUnread, title: "All unread", unread: counts.unread, total: nil),
            ReaderFeedEntry(kind: .starred, title: "Starred", unread: 0, total: counts.starred),
        ]
        let shown = showsReadFeeds ? feeds : feeds.filter { $0.unreadCount > 0 }
        let now = clock.now
        func entry(_ feed: Feed, indented: Bool) -> ReaderFeedEntry {
            let health = FeedRow.health(of: feed)
            return ReaderFeedEntry(
                kind: .feed(number: feed.id, indented: indented), title: feed.title, unread: feed.unreadCount,
                total: feed.itemCount, tags: feed.tags, health: health, synced: feed.synced,
                problem: health == .ok ? nil : HealthNote(FeedRow(feed, now: now, clock: clock))?.text)
        }
        guard groupsByTag else {
            return entries + shown.map { entry($0, indented: false) }
        }
        var tags: [String: [Feed]] = [:]
        var spelling: [String: String] = [:]
        for feed in shown {
            for tag in feed.tags {
                tags[tag.lowercased(), default: []].append(feed)
                spelling[tag.lowercased()] = spelling[tag.lowercased()] ?? tag
            }
        }
        for key in tags.keys.sorted() {
            let members = tags[key] ?? []
            entries.append(ReaderFeedEntry(
                kind: .tag(spelling[key] ?? key), title: spelling[key] ?? key,
                unread: members.reduce(0) { $0 + $1.unreadCount }, total: members.reduce(0) { $0 + $1.itemCount }))
            entries += members.map { entry($0, indented: true) }
        }
        let untagged = shown.filter(\.tags.isEmpty)
        if !untagged.isEmpty, !tags.isEmpty {
            entries.append(ReaderFeedEntry(
                kind: .tag(""), title: "(untagged)",
                unread: untagged.reduce(0) { $0 + $1.unreadCount }, total: untagged.reduce(0) { $0 + $1.itemCount }))
        }
        return entries + untagged.map { entry($0, indented: !tags.isEmpty) }
    }

    // MARK: - Selection

    private var selected: ReaderFeedEntry? {
        entries.indices.contains(cursor.selected) ? entries[cursor.selected] : nil
    }

    private func selectedKind() -> ReaderFeedEntry.Kind? {
        selected?.kind
    }

    private func selectedSource() -> ItemSource? {
        selected.flatMap(Self.source(of:))
    }

    /// What the row lists; `nil` for the heading of the untagged feeds.
    private static func source(of entry: ReaderFeedEntry) -> ItemSource? {
        switch entry.kind {
        case .allUnread: return .allUnread
        case .starred: return .starred
        case .tag(let tag): return tag.isEmpty ? nil : .tag(tag)
        case .feed(let number, _): return .feed(number: number, title: entry.title)
        }
    }

    private func selectedFeedNumber() -> Int64? {
        if case .feed(let number, _)? = selected?.kind { return number }
        return nil
    }

    private func selectedIsAllUnread() -> Bool {
        selected?.kind == .allUnread
    }

    /// The feeds `reload` refreshes: the one under the cursor, a tag's, or every feed.
    private func selectedFeeds() -> [Int64] {
        switch selected?.kind {
        case .feed(let number, _)?: [number]
        case .tag("")?:
            feeds.filter(\.tags.isEmpty).map(\.id)
        case .tag(let tag)?:
            feeds.filter { feed in feed.tags.contains { $0.lowercased() == tag.lowercased() } }.map(\.id)
        default: []
        }
    }

    private func nextUnread(from row: Int, forward: Bool) -> Int? {
        let candidates = forward ? Array(entries.indices.dropFirst(row + 1)) : Array(entries.indices.prefix(row).reversed())
        return candidates.first { index in
            if case .feed = entries[index].kind { return entries[index].unread > 0 }
            return false
        }
    }

    private func markRead(feed: Int64?, all: Bool) async {
        guard feed != nil || all else {
            router.say("Mark read works on a feed or on All unread", isError: false)
            return
        }
        do {
            let changed = try await interactor.markRead(feed: feed)
            router.say("\(Counted.phrase(changed, "item")) marked read", isError: false)
        } catch {
            router.say(CommandFailure(error, action: "cannot mark read").message, isError: true)
        }
        await reload()
    }

    private static func sameTarget(_ a: ReaderFeedEntry.Kind, _ b: ReaderFeedEntry.Kind) -> Bool {
        switch (a, b) {
        case (.feed(let x, _), .feed(let y, _)): x == y
        default: a == b
        }
    }
}
