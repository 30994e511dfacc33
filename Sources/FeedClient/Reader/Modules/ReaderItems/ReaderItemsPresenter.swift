import FeedEntities

/// Shows a listing a window at a time: it keeps the items on screen and a screenful around
/// them, asks the daemon for the next ones as the cursor goes, and acts on the screen's keys.
/// The cursor stays on its item when the listing changes under it.
@MainActor
public final class ReaderItemsPresenter: ReaderScreen, ReaderArticleList {
    /// What the screen lists; `n`/`p` past its ends and `J`/`K` change it to the next feed.
    var source: ItemSource
    /// The feeds screen it was opened from; `nil` for search results.
    let listings: (any ReaderListingSequence)?
    let view: any ReaderItemsView
    let interactor: any ReaderItemsUseCase
    let router: any ReaderItemsWireframe
    private let mapper: ItemRowMapper

    /// The loaded part of the listing: `items[0]` is the listing's item number `offset`.
    var items: [Item] = []
    var offset = 0
    /// Items in the whole listing.
    var total = 0
    var cursor = ListCursor()
    var loaded = false
    /// The last page asked for was anchored on an item the store no longer has.
    var anchorVanished = false
    /// The item the article screen showed last, to select when the screen comes back.
    var followedArticle: Item?
    /// Whether read items are listed (`l` toggles it; "All unread" lists none whatever it says).
    private(set) var showsRead: Bool
    /// Whether rows show the item's number.
    private let showsNumbers: Bool
    /// Whether `n`/`p` go on into the next feed with unread items.
    let goesToNextFeed: Bool

    public init(
        source: ItemSource, listings: (any ReaderListingSequence)? = nil, view: any ReaderItemsView,
        interactor: any ReaderItemsUseCase, router: any ReaderItemsWireframe, mapper: ItemRowMapper,
        settings: ReaderSettings = .defaults
    ) {
        showsRead = settings.showsReadArticles
        interactor.order = settings.order
        showsNumbers = settings.showsItemNumbers
        goesToNextFeed = settings.goesToNextFeed
        self.source = source
        self.listings = listings
        self.view = view
        self.interactor = interactor
        self.router = router
        self.mapper = mapper
    }

    /// Items asked for at a time: a screenful and a screenful of margin.
    var pageSize: Int { max(20, view.listRows * 2) }

    // MARK: - ReaderScreen

    public var hintedActions: [ReaderAction] {
        [.quit, .open, .openInBrowser, .nextUnread, .toggleRead, .toggleStar, .markFeedRead, .search, .help]
    }

    public func screenWillAppear() async {
        if !loaded {
            // Until a first page came (the daemon failed), every return tries again.
            loaded = await load(.top)
        } else if let article = followedArticle {
            followedArticle = nil
            // Back from the article: the rows stay as they were (an item read there stays
            // listed until the listing is loaded again, as in newsboat), with its new state.
            if let index = items.firstIndex(where: { $0.id == article.id }) {
                items[index].isRead = article.isRead
                items[index].isStarred = article.isStarred
                selectRow(offset + index)
            } else {
                await recenter(on: article.id)
            }
        } else if let number = selectedItem?.id {
            await recenter(on: number)
        }
        redraw()
    }

    public func dataDidChange() async {
        if let number = selectedItem?.id {
            await recenter(on: number)
        } else {
            await load(.top)
        }
    }

    public func redraw() {
        let visible = view.listRows
        cursor.scrollToSelection(count: total, visible: visible)
        var rows: [ItemRow] = []
        var selectedRow: Int?
        for index in cursor.top..<min(total, cursor.top + visible) {
            guard let item = item(at: index) else { break }
            if index == cursor.selected { selectedRow = rows.count }
            rows.append(mapper.row(for: item))
        }
        let sorted = interactor.order == .date || isSearch ? "" : " (\(interactor.order.phrase))"
        view.show(ReaderItemsModel(
            title: source.title + sorted,
            position: total == 0 ? "" : "\(cursor.selected + 1)/\(total)",
            rows: rows, selectedRow: selectedRow, showsFeed: showsFeed, showsNumbers: showsNumbers,
            emptyText: emptyText))
    }

    public func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        guard let action else { return false }
        let visible = view.listRows
        switch action {
        case .up: cursor.move(by: -1, count: total, visible: visible)
        case .down: cursor.move(by: 1, count: total, visible: visible)
        case .pageUp: cursor.page(-1, count: total, visible: visible)
        case .pageDown: cursor.page(1, count: total, visible: visible)
        case .home:
            if offset > 0 { await load(.top) }
            cursor.select(0, count: total, visible: visible)
        case .end:
            if offset + items.count < total { await load(.end) }
            cursor.select(total - 1, count: total, visible: visible)
        case .open:
            guard let item = selectedItem else { return true }
            await router.showArticle(item.id, list: self)
            return true
        case .openInBrowser, .openEnclosure:
            await openSelected(enclosure: action == .openEnclosure)
        case .toggleRead:
            // As newsboat's `toggleitemread-jumps-to-next`: `NNN` marks three items.
            if await toggleRead() { cursor.move(by: 1, count: total, visible: visible) }
        case .toggleStar:
            await toggleStar()
        case .nextUnread, .previousUnread:
            await goToUnread(forward: action == .nextUnread)
        case .nextFeed, .previousFeed, .nextUnreadFeed, .previousUnreadFeed:
            let forward = action == .nextFeed || action == .nextUnreadFeed
            _ = await moveToListing(forward: forward, unreadOnly: action == .nextUnreadFeed || action == .previousUnreadFeed)
        case .markFeedRead where source != .allUnread:
            await markAllRead(of: source)
        case .markFeedRead, .markAllRead:
            router.confirm("Mark every item of every feed read?") { [weak self] in
                await self?.markAllRead(of: .allUnread)
            }
            return true
        case .reload:
            if case .feed(let number, _) = source { router.refresh(feeds: [number]) } else { router.refresh(feeds: []) }
            return true
        case .search:
            await router.showSearch(within: source.searchScope)
            return true
        case .sort:
            guard !isSearch else {
                router.say("Search results are listed best match first", isError: false)
                return true
            }
            let orders = ItemOrder.allCases
            interactor.order = orders[(orders.firstIndex(of: interactor.order).map { $0 + 1 } ?? 0) % orders.count]
            router.say("Items \(interactor.order.phrase)", isError: false)
            if let number = selectedItem?.id { await recenter(on: number) } else { await load(.top) }
        case .toggleShowRead:
            showsRead.toggle()
            router.say(showsRead ? "Showing read items too" : "Showing unread items only", isError: false)
            if let number = selectedItem?.id { await recenter(on: number) } else { await load(.top) }
        default:
            return false
        }
        await loadAroundCursor()
        redraw()
        return true
    }

    // MARK: - ReaderArticleList

    public func articleDidShow(_ item: Item) {
        followedArticle = item
    }

    // MARK: - Item actions

    var selectedItem: Item? { item(at: cursor.selected) }

    private func item(at index: Int) -> Item? {
        let local = index - offset
        return items.indices.contains(local) ? items[local] : nil
    }

    private func update(_ number: Int64, _ change: (inout Item) -> Void) {
        if let index = items.firstIndex(where: { $0.id == number }) { change(&items[index]) }
    }

    /// - Returns: whether the item's state changed.
    private func toggleRead() async -> Bool {
        guard let item = selectedItem else { return false }
        do {
            try await interactor.setRead([item.id], read: !item.isRead)
            update(item.id) { $0.isRead.toggle() }
            return true
        } catch {
            router.say(CommandFailure(error, action: "cannot mark item \(item.id)").message, isError: true)
            return false
        }
    }

    private func toggleStar() async {
        guard let item = selectedItem else { return }
        do {
            try await interactor.setStarred(item.id, starred: !item.isStarred)
            update(item.id) { $0.isStarred.toggle() }
            router.say(item.isStarred ? "Unstarred" : "Starred", isError: false)
        } catch {
            router.say(CommandFailure(error, action: "cannot star item \(item.id)").message, isError: true)
        }
    }

    /// Opens the item's link (or enclosure) in the browser, then marks it read: an item that
    /// could not be opened stays unread.
    private func openSelected(enclosure: Bool) async {
        guard let item = selectedItem else { return }
        do {
            let target = try interactor.openTarget(of: item, enclosure: enclosure)
            try await router.openInBrowser(target)
            if !item.isRead {
                try await interactor.setRead([item.id], read: true)
                update(item.id) { $0.isRead = true }
            }
        } catch {
            router.say(CommandFailure(error).message, isError: true)
        }
    }

    private func goToUnread(forward: Bool) async {
        let listed = source
        guard let next = await nextUnread(from: selectedItem?.id, forward: forward) else {
            router.say("No unread items", isError: false)
            return
        }
        if source == listed { await recenter(on: next) }
    }

    private func markAllRead(of source: ItemSource) async {
        do {
            let changed = try await interactor.markAllRead(of: source)
            router.say("\(Counted.phrase(changed, "item")) marked read", isError: false)
        } catch {
            router.say(CommandFailure(error, action: "cannot mark read").message, isError: true)
        }
        await dataDidChange()
        redraw()
    }

    private var isSearch: Bool {
        if case .search = source { return true }
        return false
    }

    private var showsFeed: Bool {
        if case .feed = source { return false }
        return true
    }

    private var emptyText: String {
        if !showsRead, source != .allUnread { return "No unread items (l lists the read ones too)" }
        return switch source {
        case .allUnread: "No unread items"
        case .starred: "No starred items: star one with \(ReaderAction.toggleStar.hint.lowercased()) key"
        case .search: "Nothing found"
        case .feed, .tag: "No items"
        case .view: "No items in this view"
        }
    }
}
