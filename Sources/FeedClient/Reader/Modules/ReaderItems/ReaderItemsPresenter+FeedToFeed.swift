import FeedEntities

// newsboat's moves from feed to feed: `n`/`p` past a feed's ends (its `goto-next-feed`),
// `J`/`K` and `^N`/`^P`, through the feeds screen the listing was opened from.
extension ReaderItemsPresenter {
    public func unreadNeighbour(of number: Int64, forward: Bool) async -> Int64? {
        await nextUnread(from: number, forward: forward)
    }

    /// `unreadNeighbour(of:forward:)` from the item numbered `number`, or from nowhere in an
    /// empty listing.
    func nextUnread(from number: Int64?, forward: Bool) async -> Int64? {
        do {
            // As newsboat: on past the cursor, then round from the listing's other end (an item
            // above may be unread again), then into the next feed with unread items.
            if let number, let next = try await firstUnread(of: source, from: forward ? .after(number) : .before(number)) {
                return next
            }
            if let next = try await firstUnread(of: source, from: forward ? .top : .end) { return next }
            for listing in goesToNextFeed ? listings?.listings(beside: source, forward: forward, unreadOnly: true) ?? [] : [] {
                // The feeds screen's counts may be behind: a feed read meanwhile is passed over.
                if let next = try await firstUnread(of: listing, from: forward ? .top : .end) {
                    await show(listing, selecting: next, reachedForward: forward)
                    return next
                }
            }
            return nil
        } catch {
            router.say(CommandFailure(error, action: "cannot find the next unread item").message, isError: true)
            return nil
        }
    }

    public func moveToListing(forward: Bool, unreadOnly: Bool) async -> Bool {
        guard let listings else {
            router.say("These results are not a feed of the feeds screen", isError: false)
            return false
        }
        for listing in listings.listings(beside: source, forward: forward, unreadOnly: unreadOnly) {
            do {
                // The feeds screen's counts may be behind: a feed read meanwhile is passed over.
                if unreadOnly, try await firstUnread(of: listing, from: .top) == nil { continue }
            } catch {
                router.say(CommandFailure(error, action: "cannot find the next feed").message, isError: true)
                return false
            }
            await show(listing, selecting: nil, reachedForward: forward)
            return true
        }
        let which = unreadOnly ? "feed with unread items" : "feed"
        router.say("No \(which) \(forward ? "after" : "before") this one", isError: false)
        return false
    }

    func firstUnread(of listing: ItemSource, from anchor: ItemPageAnchor) async throws -> Int64? {
        try await interactor.items(of: listing, from: anchor, limit: 1, unreadOnly: true).first?.id
    }

    /// Lists `listing` in the screen's place, its cursor on the item numbered `number`, else
    /// on the first row; the feeds screen's cursor follows.
    func show(_ listing: ItemSource, selecting number: Int64?, reachedForward forward: Bool) async {
        listings?.didShow(listing, forward: forward)
        source = listing
        items = []
        offset = 0
        total = 0
        cursor = ListCursor()
        anchorVanished = false
        followedArticle = nil
        if let number {
            await recenter(on: number)
            loaded = true
        } else {
            loaded = await load(.top)
        }
    }
}
