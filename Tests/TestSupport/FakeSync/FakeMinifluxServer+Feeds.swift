import Foundation

/// miniflux's /v1/categories and /v1/feeds (internal/api/category.go, feed.go).
extension FakeMinifluxServer {
    func categories(_ request: FakeRequest, _ path: [String]) throws -> TestHTTPResponse {
        let body = request.jsonObject ?? [:]
        switch (request.method, path.count) {
        case ("GET", 1):
            let counts = request.queryValue("counts") == "true"
            let list = account.read { state in
                state.categories.values.sorted { $0.title < $1.title }.map { category in
                    let feedIDs = Set(state.feeds.values.filter { $0.categoryID == category.id }.map(\.id))
                    let unread = counts ? state.entries.values.filter { feedIDs.contains($0.feedID) && $0.status == .unread }.count : nil
                    return MinifluxJSON.Category(
                        category, userID: account.userID, feedCount: counts ? feedIDs.count : nil, totalUnread: unread)
                }
            }
            return .json(list, snakeCase: true)
        case ("POST", 1):
            let category = try account.addCategory(body["title"] as? String ?? "")
            return .json(MinifluxJSON.Category(category, userID: account.userID), status: 201, snakeCase: true)
        case ("PUT", 2):
            let id = try Self.int(path[1])
            let title = body["title"] as? String ?? account.category(id)?.title ?? ""
            let hide = (body["hide_globally"] as? String).map { !$0.isEmpty } ?? (body["hide_globally"] as? Bool)
            let category = try account.renameCategory(id, to: title, hideGlobally: hide)
            return .json(MinifluxJSON.Category(category, userID: account.userID), status: 201, snakeCase: true)
        case ("DELETE", 2):
            try account.deleteCategory(try Self.int(path[1]))
            return .noContent
        case ("GET", 3) where path[2] == "feeds":
            let id = try Self.int(path[1])
            _ = try account.read { try $0.categoryOrThrow(id) }
            return feedList { $0.categoryID == id }
        case (_, 3...4):
            var scope = FakeEntryQuery()
            scope.categoryID = try Self.int(path[1])
            return try scoped(request, path, scope)
        default:
            return .pageNotFound
        }
    }

    func feeds(_ request: FakeRequest, _ path: [String]) throws -> TestHTTPResponse {
        let body = request.jsonObject ?? [:]
        switch (request.method, path.count) {
        case ("GET", 1):
            return feedList { _ in true }
        case ("POST", 1):
            let url = body["feed_url"] as? String ?? ""
            let categoryID = (body["category_id"] as? Int).flatMap { $0 > 0 ? $0 : nil }
            let feed = try account.addFeed(url: url, categoryID: categoryID)
            return .json(MinifluxJSON.FeedID(feedId: feed.id), status: 201, snakeCase: true)
        case ("GET", 2) where path[1] == "counters":
            return counters()
        case ("PUT", 2) where path[1] == "refresh":
            return .noContent
        case ("GET", 2):
            let id = try Self.int(path[1])
            return try account.read { state in
                let feed = try state.feedOrThrow(id)
                return .json(MinifluxJSON.Feed(feed, category: try state.categoryOrThrow(feed.categoryID), userID: account.userID), snakeCase: true)
            }
        case ("PUT", 2):
            let id = try Self.int(path[1])
            let feed = try account.updateFeed(
                id, title: body["title"] as? String, categoryID: body["category_id"] as? Int,
                feedURL: body["feed_url"] as? String, siteURL: body["site_url"] as? String)
            return account.read { state in
                let category = state.categories[feed.categoryID] ?? FakeCategory(id: feed.categoryID, title: "")
                return .json(MinifluxJSON.Feed(feed, category: category, userID: account.userID), status: 201, snakeCase: true)
            }
        case ("DELETE", 2):
            try account.deleteFeed(try Self.int(path[1]))
            return .noContent
        case (_, 3...4):
            var scope = FakeEntryQuery()
            scope.feedID = try Self.int(path[1])
            return try scoped(request, path, scope)
        default:
            return .pageNotFound
        }
    }

    /// The entries of one feed or category (`scope`): their list, one of them, mark-all-as-read
    /// and refresh (which the fake has nothing to do for).
    private func scoped(_ request: FakeRequest, _ path: [String], _ scope: FakeEntryQuery) throws -> TestHTTPResponse {
        let exists = account.read { state in
            scope.feedID.map { state.feeds[$0] != nil } ?? scope.categoryID.map { state.categories[$0] != nil } ?? false
        }
        switch (request.method, path[2], path.count) {
        case ("GET", "entries", 3):
            return try entryList(request, feedID: scope.feedID, categoryID: scope.categoryID)
        case ("GET", "entries", 4):
            return try entry(try Self.int(path[3])) { feed in
                scope.feedID.map { $0 == feed.id } ?? scope.categoryID.map { $0 == feed.categoryID } ?? true
            }
        case ("PUT", "mark-all-as-read", 3) where exists:
            account.markRead(matching: scope)
            return .noContent
        case ("PUT", "refresh", 3) where exists:
            return .noContent
        case (_, "mark-all-as-read", 3), (_, "refresh", 3):
            return .resourceNotFound
        default:
            return .pageNotFound
        }
    }

    private func feedList(_ include: (FakeFeed) -> Bool) -> TestHTTPResponse {
        let list = account.read { state in
            state.feeds.values.filter(include).sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }.map { feed in
                MinifluxJSON.Feed(
                    feed, category: state.categories[feed.categoryID] ?? FakeCategory(id: feed.categoryID, title: ""),
                    userID: account.userID)
            }
        }
        return .json(list, snakeCase: true)
    }

    private func counters() -> TestHTTPResponse {
        struct Counters: Encodable {
            var reads: [String: Int] = [:]
            var unreads: [String: Int] = [:]
        }
        var counters = Counters()
        account.read { state in
            for entry in state.entries.values {
                switch entry.status {
                case .read: counters.reads[String(entry.feedID), default: 0] += 1
                case .unread: counters.unreads[String(entry.feedID), default: 0] += 1
                case .removed: break
                }
            }
        }
        return .json(counters)
    }
}
