import FeedEntities
import FeedIPC

extension ReaderItemsPresenter {
    /// Replaces the window with the page at `anchor` and puts the cursor in it.
    func load(_ anchor: ItemPageAnchor) async {
        guard let page = await fetch(anchor) else { return }
        replaceWindow(with: page)
        switch anchor {
        case .end: selectRow(total - 1)
        default: selectRow(offset)
        }
    }

    /// Loads the window around the item numbered `number` and puts the cursor on it (on the
    /// item that took its place, when it left the listing).
    func recenter(on number: Int64) async {
        let above = view.listRows
        let before: ItemPage
        do {
            before = try await interactor.page(of: source, from: .before(number), limit: above, unreadOnly: false)
        } catch let error as RPCError where error.code == RPCErrorCode.notFound.rawValue {
            // The item is gone (retention, unsubscribed): the listing from its top.
            await load(.top)
            return
        } catch {
            router.say(CommandFailure(error, action: "cannot list the items").message, isError: true)
            return
        }
        let anchor: ItemPageAnchor = before.items.last.map { .after($0.id) } ?? .top
        guard let rest = await fetch(anchor) else { return }
        items = before.items + rest.items
        offset = before.offset
        total = rest.total
        selectRow(before.offset + before.items.count)
    }

    /// Makes sure the rows on screen are loaded, asking for the page below or above the
    /// window when the cursor left it, and forgets rows far from the cursor.
    func loadAroundCursor() async {
        let visible = view.listRows
        let needed = cursor.top..<min(total, cursor.top + visible)
        guard !needed.isEmpty else { return }
        for _ in 0..<4 {
            let window = offset..<(offset + items.count)
            if window.contains(needed.lowerBound), needed.upperBound <= window.upperBound { break }
            if items.isEmpty || needed.lowerBound >= window.upperBound + pageSize || needed.upperBound + pageSize <= window.lowerBound {
                // A jump: load where the screen is, from whichever end is nearer.
                await load(needed.lowerBound < total / 2 ? .top : .end)
                return
            }
            if needed.upperBound > window.upperBound, let last = items.last {
                guard let page = await fetch(.after(last.id)) else { return }
                if page.items.isEmpty || page.offset != window.upperBound {
                    replaceWindow(with: page)
                } else {
                    items += page.items
                    total = page.total
                }
            } else if needed.lowerBound < window.lowerBound, let first = items.first {
                guard let page = await fetch(.before(first.id)) else { return }
                if page.items.isEmpty || page.offset + page.items.count != window.lowerBound {
                    replaceWindow(with: page)
                } else {
                    items = page.items + items
                    offset = page.offset
                    total = page.total
                }
            }
        }
        trimWindow()
        cursor.scrollToSelection(count: total, visible: visible)
    }

    func replaceWindow(with page: ItemPage) {
        items = page.items
        offset = page.offset
        total = page.total
    }

    func selectRow(_ row: Int) {
        cursor.select(row, count: total, visible: view.listRows)
    }

    /// Keeps at most four pages loaded, dropping those farthest from the cursor.
    private func trimWindow() {
        let limit = pageSize * 4
        guard items.count > limit else { return }
        let cursorIndex = cursor.selected - offset
        if cursorIndex > items.count / 2 {
            let drop = min(items.count - limit, max(0, cursorIndex - pageSize))
            items.removeFirst(drop)
            offset += drop
        } else {
            items.removeLast(items.count - limit)
        }
    }

    private func fetch(_ anchor: ItemPageAnchor) async -> ItemPage? {
        do {
            return try await interactor.page(of: source, from: anchor, limit: pageSize, unreadOnly: false)
        } catch {
            router.say(CommandFailure(error, action: "cannot list the items").message, isError: true)
            return nil
        }
    }
}
