import FeedEntities

/// How the feeds screen loads its entries (the feeds, their tags and the counts) and keeps the
/// cursor on the same entry across reloads.
extension ReaderFeedsPresenter {
    // MARK: - Loading

    func reload() async {
        do {
            // Both at once: the feeds' list is the longer answer, the counts come meanwhile.
            let interactor = self.interactor
            let counting = Task { try await (interactor.counts(), interactor.views(counted: false)) }
            feeds = try await interactor.feeds()
            let listed: [SavedView]
            (counts, listed) = try await counting.value
            // Until their counts come, views show the ones they had.
            let shown = Dictionary(views.map { (SavedView.key(of: $0.name), $0.counts) }, uniquingKeysWith: { first, _ in first })
            views = listed.map { view in
                var view = view
                view.counts = shown[SavedView.key(of: view.name)] ?? nil
                return view
            }
            if !views.isEmpty { countViews() }
        } catch {
            router.say(CommandFailure(error, action: "cannot list the feeds").message, isError: true)
        }
        rebuild(keeping: selectedKind())
        redraw()
    }

    /// Asks the views' counts, which cost a count of each view's items (up to a second each
    /// at a million items), after the rows are drawn: they come into the event loop. One round
    /// at a time: reloads meanwhile (a key that marks an item read, new items) ask one more
    /// round when it ends, rather than queue counts ahead of the next reload's on the daemon.
    func countViews() {
        guard !viewCounting.inFlight else {
            viewCounting.stale = true
            return
        }
        viewCounting = (inFlight: true, stale: false)
        let interactor = self.interactor
        Task { [weak self] in
            let counted = try? await interactor.views(counted: true)
            self?.router.deliver { [weak self] in
                guard let self else { return }
                let stale = viewCounting.stale
                viewCounting = (inFlight: false, stale: false)
                if let counted, !stale {
                    views = counted
                    rebuild(keeping: selectedKind())
                } else if stale {
                    countViews()
                }
            }
        }
    }

    /// On a failing or gone feed's row, the status line says what is wrong with it, as
    /// `tidings feeds` does under it.
    func sayProblem() {
        if let problem = selected?.problem { router.say(problem, isError: true) }
    }

    /// Builds the rows again and puts the cursor back on the row of the same kind (the same
    /// feed), else on the row number it was on.
    func rebuild(keeping kind: ReaderFeedEntry.Kind?) {
        entries = Self.entries(
            feeds: feeds, counts: counts, views: views, groupsByTag: groupsByTag, showsReadFeeds: showsReadFeeds, clock: clock)
        if let kind, let row = entries.firstIndex(where: { Self.sameTarget($0.kind, kind) }) {
            cursor.select(row, count: entries.count, visible: view.listRows)
        } else {
            cursor.scrollToSelection(count: entries.count, visible: view.listRows)
        }
    }

    /// The screen's rows: the two listings of every feed, the saved views (each shown, read
    /// or not, as those two are), then the feeds, by number or under each of their tags (a
    /// feed with two tags is under both; untagged ones come last).
    static func entries(
        feeds: [Feed], counts: (unread: Int, starred: Int), views: [SavedView] = [], groupsByTag: Bool, showsReadFeeds: Bool,
        clock: any WallClock
    ) -> [ReaderFeedEntry] {
        var entries = [
            ReaderFeedEntry(kind: .allUnread, title: "All unread", unread: counts.unread, total: nil),
            ReaderFeedEntry(kind: .starred, title: "Starred", unread: 0, total: counts.starred),
        ]
        entries += views.map { view in
            ReaderFeedEntry(kind: .view(view.name), title: view.name, unread: view.counts?.unread ?? 0, total: view.counts?.total)
        }
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

    var selected: ReaderFeedEntry? {
        entries.indices.contains(cursor.selected) ? entries[cursor.selected] : nil
    }

    func selectedKind() -> ReaderFeedEntry.Kind? {
        selected?.kind
    }

    func selectedSource() -> ItemSource? {
        selected.flatMap(Self.source(of:))
    }

    /// What the row lists; `nil` for the heading of the untagged feeds.
    static func source(of entry: ReaderFeedEntry) -> ItemSource? {
        switch entry.kind {
        case .allUnread: return .allUnread
        case .starred: return .starred
        case .tag(let tag): return tag.isEmpty ? nil : .tag(tag)
        case .view(let name): return .view(name)
        case .feed(let number, _): return .feed(number: number, title: entry.title)
        }
    }

    func selectedFeedNumber() -> Int64? {
        if case .feed(let number, _)? = selected?.kind { return number }
        return nil
    }

    func selectedIsAllUnread() -> Bool {
        selected?.kind == .allUnread
    }

    /// The feeds `reload` refreshes: the one under the cursor, a tag's, or every feed.
    func selectedFeeds() -> [Int64] {
        switch selected?.kind {
        case .feed(let number, _)?: [number]
        case .tag("")?:
            feeds.filter(\.tags.isEmpty).map(\.id)
        case .tag(let tag)?:
            feeds.filter { feed in feed.tags.contains { $0.lowercased() == tag.lowercased() } }.map(\.id)
        default: []
        }
    }

    func nextUnread(from row: Int, forward: Bool) -> Int? {
        let candidates = forward ? Array(entries.indices.dropFirst(row + 1)) : Array(entries.indices.prefix(row).reversed())
        return candidates.first { index in
            if case .feed = entries[index].kind { return entries[index].unread > 0 }
            return false
        }
    }

    func markRead(feed: Int64?, all: Bool) async {
        var view: String?
        if case .view(let name)? = selected?.kind { view = name }
        guard feed != nil || all || view != nil else {
            router.say("Mark read works on a feed, a view or All unread", isError: false)
            return
        }
        do {
            let changed = if let view { try await interactor.markRead(view: view) } else { try await interactor.markRead(feed: feed) }
            router.say("\(Counted.phrase(changed, "item")) marked read", isError: false)
        } catch {
            router.say(CommandFailure(error, action: "cannot mark read").message, isError: true)
        }
        await reload()
    }

    static func sameTarget(_ a: ReaderFeedEntry.Kind, _ b: ReaderFeedEntry.Kind) -> Bool {
        switch (a, b) {
        case (.feed(let x, _), .feed(let y, _)): x == y
        default: a == b
        }
    }
}
