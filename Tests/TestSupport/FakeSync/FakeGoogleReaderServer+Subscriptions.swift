import Foundation

/// Subscriptions and labels: subscription/list, quickadd, edit; tag/list, rename-tag,
/// disable-tag; mark-all-as-read.
extension FakeGoogleReaderServer {
    func subscriptionList() -> TestHTTPResponse {
        let list = account.read { state in
            state.feeds.values.sorted { $0.id < $1.id }.map { feed in
                let label = state.categories[feed.categoryID]?.title ?? ""
                return GoogleReaderJSON.Subscription(
                    id: "feed/\(feed.id)", title: feed.title,
                    categories: [GoogleReaderJSON.Tag(id: GoogleReaderStream.label(label).id, label: label, type: "folder")],
                    url: feed.feedURL, htmlUrl: feed.siteURL, iconUrl: "")
            }
        }
        return .json(GoogleReaderJSON.Subscriptions(subscriptions: list))
    }

    func quickAdd(_ request: FakeRequest) throws -> TestHTTPResponse {
        var url = request.formValue("quickadd") ?? ""
        if url.hasPrefix("feed/") { url.removeFirst(5) }
        let feed = try account.addFeed(url: url)
        return .json(GoogleReaderJSON.QuickAdd(numResults: 1, query: feed.feedURL, streamId: "feed/\(feed.id)", streamName: feed.title))
    }

    /// `ac=subscribe|unsubscribe|edit`, `s=feed/…` (repeatable for unsubscribe), `t=` title,
    /// `a=` label to move to (created if missing), `r=` label to leave (to the first other one).
    func editSubscription(_ request: FakeRequest) throws -> TestHTTPResponse {
        let streams = try request.formValues("s").map { text in
            guard let stream = GoogleReaderStream(text), case .feed = stream else {
                throw FakeSyncError.invalid("googlereader: no valid stream IDs provided")
            }
            return stream
        }
        guard let first = streams.first else { throw FakeSyncError.invalid("googlereader: no valid stream IDs provided") }
        let title = request.formValue("t") ?? ""
        let add = try request.formValues("a").map { text -> String in
            guard case .label(let label)? = GoogleReaderStream(text) else { throw FakeSyncError.invalid("destination must be a label") }
            return label
        }
        let remove = request.formValues("r").compactMap { text -> String? in
            if case .label(let label)? = GoogleReaderStream(text) { return label }
            return nil
        }
        switch request.formValue("ac") ?? "" {
        case "subscribe":
            guard case .feed(let url) = first else { throw FakeSyncError.invalid("googlereader: not a feed") }
            let categoryID = try add.last.map(labelID)
            try account.addFeed(url: url, title: title.isEmpty ? nil : title, categoryID: categoryID)
        case "unsubscribe":
            for stream in streams {
                try account.deleteFeed(try account.read { try Self.feedID(stream, in: $0) })
            }
        case "edit":
            let id = try account.read { try Self.feedID(first, in: $0) }
            var categoryID = try add.last.map(labelID)
            if categoryID == nil, let current = account.feed(id).flatMap({ account.category($0.categoryID) }),
                remove.contains(current.title)
            {
                categoryID = account.categories.first { $0.id != current.id }?.id
            }
            try account.updateFeed(id, title: title, categoryID: categoryID)
        case let action:
            throw FakeSyncError.invalid("googlereader: unrecognized action \(action)")
        }
        return Self.ok
    }

    /// The id of the category called `label`, created if missing.
    private func labelID(_ label: String) throws -> Int {
        if let existing = account.category(titled: label) { return existing.id }
        return try account.addCategory(label).id
    }

    func tagList() -> TestHTTPResponse {
        var tags = [GoogleReaderJSON.Tag(id: GoogleReaderStream.starred.id)]
        tags += account.categories.map { GoogleReaderJSON.Tag(id: GoogleReaderStream.label($0.title).id, label: $0.title, type: "folder") }
        return .json(GoogleReaderJSON.Tags(tags: tags))
    }

    func renameTag(_ request: FakeRequest) throws -> TestHTTPResponse {
        guard case .label(let source) = try Self.stream(request), case .label(let destination) = try Self.stream(request, "dest") else {
            throw FakeSyncError.invalid("googlereader: only labels supported")
        }
        guard !destination.isEmpty else { throw FakeSyncError.invalid("googlereader: empty destination name") }
        guard let category = account.category(titled: source) else { throw FakeSyncError.notFound("Resource Not Found") }
        try account.renameCategory(category.id, to: destination)
        return Self.ok
    }

    func disableTag(_ request: FakeRequest) throws -> TestHTTPResponse {
        for text in request.formValues("s") {
            guard case .label(let label)? = GoogleReaderStream(text) else {
                throw FakeSyncError.invalid("googlereader: only labels are supported")
            }
            if let category = account.category(titled: label) {
                try account.deleteCategoryKeepingFeeds(category.id)
            }
        }
        return Self.ok
    }

    /// `s=` stream, `ts=` (optional) microseconds: marks read what was published up to then.
    func markAllAsRead(_ request: FakeRequest) throws -> TestHTTPResponse {
        var query = try account.read { try streamQuery(try Self.stream(request), in: $0) }
        if let ts = request.formValue("ts").flatMap({ Int64($0) }), ts > 0 {
            query.publishedBefore = Date(timeIntervalSince1970: Double(ts + 1) / 1_000_000)
        }
        account.markRead(matching: query)
        return Self.ok
    }
}
