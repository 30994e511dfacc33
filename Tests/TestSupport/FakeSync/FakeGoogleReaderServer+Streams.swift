import Foundation

/// Streams and item state: stream/items/ids, stream/items/contents, stream/contents/<stream>,
/// edit-tag.
extension FakeGoogleReaderServer {
    /// The entries of `stream`, newest first.
    func streamQuery(_ stream: GoogleReaderStream, in state: FakeSyncAccount.State) throws -> FakeEntryQuery {
        var query = FakeEntryQuery()
        query.order = .publishedAt
        query.descending = true
        switch stream {
        case .readingList: break
        case .read: query.statuses = [.read]
        case .starred: query.starred = true
        case .keptUnread: query.statuses = [.unread]
        case .feed: query.feedID = try Self.feedID(stream, in: state)
        case .label(let label):
            // An unknown label is an empty stream (FreshRSS), not an error.
            query.categoryID = state.categories.values.first { $0.title == label }?.id ?? -1
        case .broadcast, .like: query.entryIDs = []
        }
        return query
    }

    /// `stream`'s query with the request's `xt`, `it`, `n`, `c`, `ot`, `nt` and `r`.
    func filteredQuery(_ request: FakeRequest, stream: GoogleReaderStream, in state: FakeSyncAccount.State) throws -> FakeEntryQuery {
        var query = try streamQuery(stream, in: state)
        for text in request.formValues("xt") {
            switch GoogleReaderStream(text) {
            case .read?: query.statuses = [.unread]
            case .starred?: query.starred = false
            case .keptUnread?: query.statuses = [.read]
            default: throw FakeSyncError.invalid("googlereader: unknown stream type: \(text)")
            }
        }
        for text in request.formValues("it") {
            switch GoogleReaderStream(text) {
            case .read?: query.statuses = [.read]
            case .starred?: query.starred = true
            case .keptUnread?: query.statuses = [.unread]
            default: throw FakeSyncError.invalid("googlereader: unknown stream type: \(text)")
            }
        }
        query.limit = request.formValue("n").flatMap { Int($0) } ?? 0
        query.offset = request.formValue("c").flatMap { Int($0) } ?? 0
        if let ot = request.formValue("ot").flatMap({ Int64($0) }), ot > 0 {
            query.publishedAfter = Date(timeIntervalSince1970: Double(ot))
        }
        if let nt = request.formValue("nt").flatMap({ Int64($0) }), nt > 0 {
            query.publishedBefore = Date(timeIntervalSince1970: Double(nt))
        }
        query.descending = request.formValue("r") != "o"
        return query
    }

    /// The offset of the next page, nil on the last one.
    private static func continuation(_ query: FakeEntryQuery, total: Int, count: Int) -> String? {
        query.offset + count < total ? String(query.offset + count) : nil
    }

    func itemIDs(_ request: FakeRequest) throws -> TestHTTPResponse {
        let streams = request.formValues("s")
        guard streams.count == 1 else { throw FakeSyncError.invalid("googlereader: only one stream type expected") }
        return try account.read { state in
            let query = try filteredQuery(request, stream: try Self.stream(request), in: state)
            let (total, page) = query.run(on: state)
            let refs = page.map {
                GoogleReaderJSON.ItemRef(id: String($0.id), timestampUsec: String(FakeSyncTime.microseconds($0.publishedAt)))
            }
            return .json(GoogleReaderJSON.ItemRefs(itemRefs: refs, continuation: Self.continuation(query, total: total, count: page.count)))
        }
    }

    func itemContents(_ request: FakeRequest) throws -> TestHTTPResponse {
        let ids = try Self.itemIDs(request)
        return try account.read { state in
            var query = FakeEntryQuery()
            query.entryIDs = Set(ids)
            query.descending = request.formValue("r") != "o"
            let entries = query.run(on: state).entries
            guard let first = entries.first else {
                throw FakeSyncError.invalid("googlereader: no items returned from the database for item IDs: \(ids)")
            }
            let feed = state.feeds[first.feedID]
            return .json(streamDocument(
                id: "feed/\(first.feedID)", title: feed?.title ?? "", siteURL: feed?.siteURL ?? "",
                items: entries.map { item($0, state) }, continuation: nil))
        }
    }

    /// `stream/contents/<stream>` (or `s=`): the items themselves, with the same filters as
    /// stream/items/ids (FreshRSS's shape).
    func streamContents(_ request: FakeRequest, _ endpoint: String) throws -> TestHTTPResponse {
        var text = String(endpoint.dropFirst("stream/contents".count))
        if text.hasPrefix("/") { text.removeFirst() }
        text = text.removingPercentEncoding ?? text
        if text.isEmpty { text = request.formValue("s") ?? GoogleReaderStream.readingList.id }
        guard let stream = GoogleReaderStream(text) else { throw FakeSyncError.invalid("googlereader: unknown stream type: \(text)") }
        return try account.read { state in
            let query = try filteredQuery(request, stream: stream, in: state)
            let (total, page) = query.run(on: state)
            let feed = query.feedID.flatMap { state.feeds[$0] }
            let title = feed?.title ?? { if case .label(let label) = stream { return label } else { return "Reading list" } }()
            return .json(streamDocument(
                id: stream.id, title: title, siteURL: feed?.siteURL ?? "", items: page.map { item($0, state) },
                continuation: Self.continuation(query, total: total, count: page.count)))
        }
    }

    private func streamDocument(id: String, title: String, siteURL: String, items: [GoogleReaderJSON.Item], continuation: String?) -> GoogleReaderJSON.Stream {
        GoogleReaderJSON.Stream(
            id: id, title: title, author: username, self: [GoogleReaderJSON.Href(href: baseURL + "/reader/api/0/stream/items/contents")],
            alternate: [GoogleReaderJSON.TypedHref(href: siteURL, type: "text/html")],
            updated: FakeSyncTime.seconds(account.now), items: items, continuation: continuation)
    }

    private func item(_ entry: FakeEntry, _ state: FakeSyncAccount.State) -> GoogleReaderJSON.Item {
        let feed = state.feeds[entry.feedID]
        var categories = [GoogleReaderStream.readingList.id]
        if let label = feed.flatMap({ state.categories[$0.categoryID]?.title }), !label.isEmpty {
            categories.append(GoogleReaderStream.label(label).id)
        }
        if entry.status == .read { categories.append(GoogleReaderStream.read.id) }
        if entry.starred { categories.append(GoogleReaderStream.starred.id) }
        return GoogleReaderJSON.Item(
            id: GoogleReaderStream.longItemID(entry.id), categories: categories, title: entry.title,
            crawlTimeMsec: String(FakeSyncTime.microseconds(entry.createdAt) / 1000),
            timestampUsec: String(FakeSyncTime.microseconds(entry.publishedAt)),
            published: FakeSyncTime.seconds(entry.publishedAt), updated: FakeSyncTime.seconds(entry.changedAt),
            author: entry.author, alternate: [GoogleReaderJSON.TypedHref(href: entry.url, type: "text/html")],
            summary: GoogleReaderJSON.Content(content: entry.content), content: GoogleReaderJSON.Content(content: entry.content),
            origin: GoogleReaderJSON.Origin(streamId: "feed/\(entry.feedID)", title: feed?.title ?? "", htmlUrl: feed?.siteURL ?? ""),
            enclosure: entry.enclosures.map { GoogleReaderJSON.Enclosure(url: $0.url, type: $0.mimeType) },
            canonical: [GoogleReaderJSON.Href(href: entry.url)])
    }

    /// `i=` items, `a=`/`r=` read, kept-unread or starred. Unknown items are skipped.
    func editTag(_ request: FakeRequest) throws -> TestHTTPResponse {
        var read: Bool?
        var starred: Bool?
        for (name, adding) in [("a", true), ("r", false)] {
            for text in request.formValues(name) {
                switch GoogleReaderStream(text) {
                case .read?: read = adding
                case .keptUnread?: read = !adding
                case .starred?: starred = adding
                case .broadcast?, .like?: break
                default: throw FakeSyncError.invalid("googlereader: unsupported tag type: \(text)")
                }
            }
        }
        guard read != nil || starred != nil else { throw FakeSyncError.invalid("googlereader: add or/and remove tags should be supplied") }
        let ids = try Self.itemIDs(request)
        if let read { account.setStatus(ids, to: read ? .read : .unread) }
        if let starred { account.setStarred(ids, starred) }
        return Self.ok
    }

    /// The `i=` items, long or short form; `invalid` if none or one does not parse.
    static func itemIDs(_ request: FakeRequest) throws -> [Int] {
        let texts = request.formValues("i")
        guard !texts.isEmpty else { throw FakeSyncError.invalid("googlereader: no items requested") }
        return try texts.map { text in
            guard let id = GoogleReaderStream.itemID(text) else { throw FakeSyncError.invalid("googlereader: could not parse item: \(text)") }
            return id
        }
    }
}
