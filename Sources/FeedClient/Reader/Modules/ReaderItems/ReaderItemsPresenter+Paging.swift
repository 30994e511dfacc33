import FeedEntities

extension ReaderItemsPresenter {
    /// Replaces the window with the page at `anchor` and puts the cursor in it.
    /// - Returns: whether the page came.
    @discardableResult
    func load(_ anchor: ItemPageAnchor) async -> Bool {
        guard let page = await fetch(anchor) else { return false }
        replaceWindow(with: page)
        switch anchor {
        case .end: selectRow(total - 1)
        default: selectRow(offset)
        }
        return true
    }

    /// Loads the window around the item numbered `number` and puts the cursor on it (on the
    /// item that took its place, when it left the listing). When the item is gone from the
    /// store (retention, an unsubscribed feed), around its nearest loaded neighbour that is not,
    /// else from the top.
    func recenter(on number: Int64) async {
        for candidate in ([number] + neighbours(of: number)).prefix(8) {
            switch await recenterOnce(on: candidate) {
            case .done, .failed: return
            case .gone: continue
            }
        }
        await load(.top)
    }

    private enum Recentering {
        case done
        /// The item is not in the store any more.
        case gone
        /// The daemon failed (said on the status line).
        case failed
    }

    private func recenterOnce(on number: Int64) async -> Recentering {
        let before: ReaderItemsPage
        do {
            before = try await interactor.page(of: source, from: .before(number), limit: view.listRows, unreadOnly: !showsRead)
        } catch DaemonRefusal.notFound {
            return .gone
        } catch {
            router.say(CommandFailure(error, action: "cannot list the items").message, isError: true)
            return .failed
        }
        let anchor: ItemPageAnchor = before.items.last.map { .after($0.id) } ?? .top
        guard let rest = await fetch(anchor) else { return .failed }
        items = before.items + rest.items
        offset = before.offset
        total = rest.total
        // By number: an item stored between the two requests must not take the cursor.
        selectRow(offset + (items.firstIndex { $0.id == number } ?? before.items.count))
        return .done
    }

    /// The loaded items around the one numbered `number`, nearest first, below before above.
    func neighbours(of number: Int64) -> [Int64] {
        guard let index = items.firstIndex(where: { $0.id == number }) else { return items.map(\.id) }
        var result: [Int64] = []
        for distance in 1..<max(1, items.count) {
            if index + distance < items.count { result.append(items[index + distance].id) }
            if index - distance >= 0 { result.append(items[index - distance].id) }
        }
        return result
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
                // A jump: load the end nearer to where the screen is, and go there.
                await load(needed.lowerBound < total / 2 ? .top : .end)
                return
            }
            // The pages next to the window come without their position, which costs the daemon
            // a count of the whole listing: their place follows from the window's. The counts
            // drift only when the listing changes, and then `watch` has the screen reload it.
            if needed.upperBound > window.upperBound, let last = items.last {
                guard let below = await fetchItems(.after(last.id)) else { return await recoverFromVanishedAnchor() }
                items += below
                // A short page is the listing's end, wherever the count put it.
                total = below.count < pageSize ? offset + items.count : max(total, offset + items.count)
                if below.isEmpty { break }
            } else if needed.lowerBound < window.lowerBound, let first = items.first {
                guard let above = await fetchItems(.before(first.id)) else { return await recoverFromVanishedAnchor() }
                let start = window.lowerBound - above.count
                if start >= 0, above.count == pageSize || start == 0 {
                    items = above + items
                    offset = start
                } else {
                    // The listing above the window is not what the count said: ask where it is.
                    guard let page = await fetch(.before(first.id)) else { return await recoverFromVanishedAnchor() }
                    items = page.items + items
                    offset = page.offset
                    total = page.total
                }
            }
        }
        trimWindow()
        cursor.scrollToSelection(count: total, visible: visible)
    }

    func replaceWindow(with page: ReaderItemsPage) {
        items = page.items
        offset = page.offset
        total = page.total
    }

    func selectRow(_ row: Int) {
        cursor.select(row, count: total, visible: view.listRows)
    }

    /// The window's edge item left the store under it: the window is loaded again around the
    /// cursor's item (or its nearest neighbour still there).
    private func recoverFromVanishedAnchor() async {
        guard anchorVanished else { return }
        anchorVanished = false
        if let number = selectedItem?.id ?? items.last?.id {
            await recenter(on: number)
        } else {
            await load(.top)
        }
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

    private func fetch(_ anchor: ItemPageAnchor) async -> ReaderItemsPage? {
        await asking { try await interactor.page(of: source, from: anchor, limit: pageSize, unreadOnly: !showsRead) }
    }

    private func fetchItems(_ anchor: ItemPageAnchor) async -> [Item]? {
        await asking { try await interactor.items(of: source, from: anchor, limit: pageSize, unreadOnly: !showsRead) }
    }

    /// `request`'s answer; `nil` when the anchor item is gone (`anchorVanished`) or the daemon
    /// failed (said on the status line).
    private func asking<T>(_ request: () async throws -> T) async -> T? {
        do {
            return try await request()
        } catch DaemonRefusal.notFound {
            anchorVanished = true
            return nil
        } catch {
            router.say(CommandFailure(error, action: "cannot list the items").message, isError: true)
            return nil
        }
    }
}
