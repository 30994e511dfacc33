import Foundation

/// miniflux's /v1/entries and the entry lists of a feed or category (internal/api/entry.go).
extension FakeMinifluxServer {
    func entries(_ request: FakeRequest, _ path: [String]) throws -> TestHTTPResponse {
        switch (request.method, path.count) {
        case ("GET", 1):
            return try entryList(request)
        case ("PUT", 1):
            let body = request.jsonObject ?? [:]
            let ids = (body["entry_ids"] as? [Any] ?? []).compactMap { $0 as? Int }
            guard !ids.isEmpty else { throw FakeSyncError.invalid("the list of entries cannot be empty") }
            let status = try Self.status(body["status"] as? String ?? "")
            account.setStatus(ids, to: status)
            return .noContent
        case ("GET", 2):
            return try entry(try Self.int(path[1])) { _ in true }
        case ("PUT", 3) where path[2] == "bookmark":
            try account.toggleStarred(try Self.int(path[1]))
            return .noContent
        default:
            return .pageNotFound
        }
    }

    /// One entry that is not removed and whose feed passes `include`; 404 otherwise.
    func entry(_ id: Int, feed include: (FakeFeed) -> Bool) throws -> TestHTTPResponse {
        try account.read { state in
            guard let entry = state.entries[id], entry.status != .removed, let feed = state.feeds[entry.feedID], include(feed)
            else { throw FakeSyncError.notFound("entry \(id)") }
            return .json(encode(entry, state), snakeCase: true)
        }
    }

    /// `{"total": N, "entries": […]}` for the query string's filters.
    func entryList(_ request: FakeRequest, feedID: Int? = nil, categoryID: Int? = nil) throws -> TestHTTPResponse {
        let query = try Self.query(request, feedID: feedID, categoryID: categoryID)
        return try account.read { state in
            if let id = query.categoryID, state.categories[id] == nil { throw FakeSyncError.invalid("invalid category ID") }
            if let id = query.feedID, state.feeds[id] == nil { throw FakeSyncError.invalid("invalid feed ID") }
            let (total, page) = query.run(on: state)
            return .json(MinifluxJSON.EntriesPage(total: total, entries: page.map { encode($0, state) }), snakeCase: true)
        }
    }

    private func encode(_ entry: FakeEntry, _ state: FakeSyncAccount.State) -> MinifluxJSON.Entry {
        let feed = state.feeds[entry.feedID] ?? FakeFeed(id: entry.feedID, feedURL: "", siteURL: "", title: "", categoryID: 0, checkedAt: entry.createdAt)
        let category = state.categories[feed.categoryID] ?? FakeCategory(id: feed.categoryID, title: "")
        return MinifluxJSON.Entry(entry, feed: MinifluxJSON.Feed(feed, category: category, userID: account.userID))
    }

    /// The entry query of miniflux's `findEntries` and `configureFilters`: the same parameters,
    /// defaults (published_at, asc, limit 100) and validation messages.
    static func query(_ request: FakeRequest, feedID: Int?, categoryID: Int?) throws -> FakeEntryQuery {
        var query = FakeEntryQuery()
        query.statuses = Set(try request.queryValues("status").map(status))
        let order = request.queryValue("order") ?? FakeEntryQuery.Order.publishedAt.rawValue
        guard let parsedOrder = FakeEntryQuery.Order(rawValue: order) else {
            throw FakeSyncError.invalid(
                #"invalid entry order, valid order values are: "id", "status", "changed_at", "published_at", "created_at", "category_title", "category_id", "title", "author""#)
        }
        query.order = parsedOrder
        let direction = request.queryValue("direction") ?? "asc"
        guard ["asc", "desc"].contains(direction) else {
            throw FakeSyncError.invalid(#"invalid direction, valid direction values are: "asc" or "desc""#)
        }
        query.descending = direction == "desc"
        let limit = request.queryValue("limit").flatMap { Int($0) } ?? 100
        let offset = request.queryValue("offset").flatMap { Int($0) } ?? 0
        guard offset >= 0 else { throw FakeSyncError.invalid("offset value should be >= 0") }
        guard limit >= 0 else { throw FakeSyncError.invalid("limit value should be >= 0") }
        query.limit = limit
        query.offset = offset
        let positive = { (name: String) -> Int? in request.queryValue(name).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
        query.categoryID = positive("category_id") ?? categoryID
        query.feedID = positive("feed_id") ?? feedID
        let date = { (name: String) -> Date? in positive(name).map { Date(timeIntervalSince1970: Double($0)) } }
        query.beforeEntryID = positive("before_entry_id")
        query.afterEntryID = positive("after_entry_id")
        query.publishedBefore = date("published_before") ?? date("before")
        query.publishedAfter = date("published_after") ?? date("after")
        query.changedBefore = date("changed_before")
        query.changedAfter = date("changed_after")
        if let starred = request.queryValue("starred") {
            // Go's strconv.ParseBool; other values leave the filter off, as miniflux does.
            if ["1", "t", "T", "true", "TRUE", "True"].contains(starred) { query.starred = true }
            if ["0", "f", "F", "false", "FALSE", "False"].contains(starred) { query.starred = false }
        }
        query.search = request.queryValue("search")
        return query
    }

    static func status(_ text: String) throws -> FakeEntry.Status {
        guard let status = FakeEntry.Status(rawValue: text) else {
            throw FakeSyncError.invalid(#"invalid entry status, valid status values are: "read", "unread" and "removed""#)
        }
        return status
    }
}
