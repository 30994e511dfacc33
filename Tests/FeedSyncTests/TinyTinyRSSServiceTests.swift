import FeedFetching
@testable import FeedSync
import Foundation
import Synchronization
import Testing
import TestSupport

/// `TinyTinyRSSService` against `TinyTinyRSSStub` on 127.0.0.1, through the real fetcher: the
/// shape of its calls and its handling of each answer.
@Suite(.serialized) struct TinyTinyRSSServiceTests {
    /// Runs `body` with a stub and a service signing in as the stub's user (with `password`),
    /// and stops both afterwards.
    func withTinyTinyRSS(
        password: String = TinyTinyRSSStub.password, settings: TransferSettings = TransferSettings(),
        _ body: (TinyTinyRSSStub, TinyTinyRSSService, LogRecorder) async throws -> Void
    ) async throws {
        let stub = try await TinyTinyRSSStub.start()
        do {
            try await withFetcher { fetcher, log in
                let service = TinyTinyRSSService(
                    fetcher: fetcher, url: stub.url + "/", user: TinyTinyRSSStub.user, password: password, settings: settings)
                try await body(stub, service, log)
            }
        } catch {
            try? await stub.http.stop()
            throw error
        }
        try await stub.http.stop()
    }

    // MARK: - Sessions

    @Test func callsAreJSONObjectsWithTheOperationAndTheSession() async throws {
        try await withTinyTinyRSS { stub, service, log in
            try await service.verify()
            let login = try #require(stub.http.requests.last)
            #expect(login.method == "POST" && login.path == TinyTinyRSSStub.path)
            #expect(login.header("Content-Type") == "application/json")
            let fields = try #require(stub.calls("login").first)
            #expect(fields["user"] as? String == TinyTinyRSSStub.user && fields["password"] as? String == TinyTinyRSSStub.password)
            _ = try await service.subscriptions()
            let categories = try #require(stub.calls("getCategories").first)
            #expect(categories["sid"] as? String == "session-1" && categories["include_empty"] as? Bool == true)
            #expect(stub.calls("getFeeds").first?["cat_id"] as? Int == -3)
            #expect(stub.state.withLock { $0.logins } == 1)
            expectNoSecret([TinyTinyRSSStub.password, "session-1"], in: nil, log: log)
        }
    }

    @Test func anExpiredSessionSignsInAgainOnce() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            try await service.verify()
            stub.state.withLock { $0.expireSessions = 1 }
            _ = try await service.subscriptions()
            #expect(stub.state.withLock { $0.logins } == 2)
            #expect(stub.calls("getCategories").last?["sid"] as? String == "session-2")
            // Still not signed in after signing in again: the error stands.
            stub.state.withLock { $0.expireSessions = 2 }
            let error = await syncError { _ = try await service.subscriptions() }
            #expect(error == .unauthorized("NOT_LOGGED_IN"))
            #expect(stub.state.withLock { $0.logins } == 3)
        }
    }

    @Test func loginErrorsAreUnauthorizedAndNeverShowThePassword() async throws {
        try await withTinyTinyRSS(password: "wrong-password-321") { _, service, log in
            let error = await syncError { try await service.verify() }
            #expect(error == .unauthorized("tt-rss refused the user or password"))
            expectNoSecret(["wrong-password-321"], in: error, log: log)
        }
        try await withTinyTinyRSS { stub, service, _ in
            stub.state.withLock { $0.apiDisabled = true }
            let error = await syncError { _ = try await service.subscriptions() }
            #expect(error == .unauthorized("the API is disabled for this user: enable it in tt-rss's preferences"))
        }
    }

    // MARK: - Subscriptions

    @Test func subscriptionsCarryTheirCategory() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let tech = stub.addFeed(url: "https://blog.example/feed.xml", title: "Blog", categoryID: 1)
            let loose = stub.addFeed(url: "https://news.example/rss", title: "News")
            let subscriptions = try await service.subscriptions()
            #expect(subscriptions == [
                RemoteSubscription(id: String(tech), url: "https://blog.example/feed.xml", title: "Blog", categories: ["Tech"]),
                RemoteSubscription(id: String(loose), url: "https://news.example/rss", title: "News"),
            ])
        }
    }

    @Test func subscribingUsesAnExistingCategoryOnly() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let new = try await service.subscribe(url: "https://new.example/feed", title: "ignored", categories: ["tech"])
            #expect(new.url == "https://new.example/feed" && new.categories == ["Tech"])
            #expect(stub.calls("subscribeToFeed").last?["category_id"] as? Int == 1)
            let loose = try await service.subscribe(url: "https://loose.example/feed", title: nil, categories: ["Missing"])
            #expect(loose.categories.isEmpty)
            #expect(stub.calls("subscribeToFeed").last?["category_id"] == nil)
            // Code 0: already subscribed, which is what was asked.
            let again = try await service.subscribe(url: "https://new.example/feed", title: nil, categories: [])
            #expect(again.id == new.id)
            #expect(stub.state.withLock { $0.feeds.count } == 2)
        }
    }

    @Test(arguments: [
        (2, "invalid URL"), (3, "no feed found at that address"), (4, "the page names several feeds: subscribe to one of them"),
        (5, "tt-rss could not download it"), (6, "the feed is not valid XML"),
    ])
    func refusedSubscriptionsSayWhy(_ code: Int, _ reason: String) async throws {
        try await withTinyTinyRSS { stub, service, _ in
            stub.state.withLock { $0.subscribeFailure = (code, "HTTP 404\u{1B}[31m") }
            let error = await syncError { _ = try await service.subscribe(url: "https://gone.example/feed", title: nil, categories: []) }
            #expect(error == .refused("https://gone.example/feed: \(reason) (HTTP 404 [31m)"))
        }
    }

    @Test func unsubscribingTwiceIsNotFound() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let id = stub.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
            try await service.unsubscribe(String(id))
            #expect(stub.calls("unsubscribeFeed").last?["feed_id"] as? Int == id)
            #expect(stub.state.withLock { $0.feeds.isEmpty })
            let again = await syncError { try await service.unsubscribe(String(id)) }
            #expect(again == .notFound("feed"))
            let garbled = await syncError { try await service.unsubscribe("feed/1") }
            #expect(garbled == .notFound("no tt-rss feed feed/1"))
        }
    }

    @Test func editingIsUnsupported() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let id = String(stub.addFeed(url: "https://blog.example/feed.xml", title: "Blog"))
            guard case .unsupported(let rename)? = await syncError({ try await service.edit(id, title: "Mine", categories: nil) }) else {
                Issue.record("a rename is not unsupported")
                return
            }
            #expect(rename.contains("rename"))
            guard case .unsupported(let move)? = await syncError({ try await service.edit(id, title: nil, categories: ["Tech"]) }) else {
                Issue.record("a move is not unsupported")
                return
            }
            #expect(move.contains("category"))
            try await service.edit(id, title: nil, categories: nil)
            #expect(stub.http.requests.isEmpty)
            #expect(!service.capabilities.rename && !service.capabilities.recategorize)
        }
    }

    // MARK: - Headlines

    @Test func headlinesComeInOverlappingPagesEachOnce() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let feed = stub.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
            let ids = stub.addHeadlines(450, feedID: feed)
            let (pages, cursor) = try await collectEntries(service, since: nil)
            let entries = pages.flatMap { $0 }
            #expect(entries.map(\.id) == ids.map(String.init))
            let calls = stub.calls("getHeadlines")
            #expect(calls.map { $0["skip"] as? Int } == [0, 180, 360])
            #expect(calls.allSatisfy {
                $0["since_id"] == nil && $0["feed_id"] as? Int == -4 && $0["view_mode"] as? String == "all_articles"
                    && $0["order_by"] as? String == "date_reverse" && $0["show_content"] as? Bool == true
            })
            let first = try #require(entries.first)
            #expect(first.subscriptionID == String(feed) && !first.read && !first.starred)
            #expect(first.item.link == "https://blog.example/\(ids[0])" && first.item.content == "<p>Headline \(ids[0])</p>")

            // The cursor: only headlines above the highest id read.
            let new = stub.addHeadlines(3, feedID: feed)
            let next = try await collectEntries(service, since: cursor)
            #expect(next.pages.flatMap { $0 }.map(\.id) == new.map(String.init))
            #expect(stub.calls("getHeadlines").last?["since_id"] as? Int == ids.last)
        }
    }

    @Test func headlinesAddedBetweenPagesAreNeitherLostNorRepeated() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let feed = stub.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
            stub.addHeadlines(300, feedID: feed)
            var ids: [String] = []
            let cursor = try await service.entries(since: nil) { page in
                // Between the first page and the second.
                if ids.isEmpty { stub.addHeadlines(5, feedID: feed) }
                ids += page.entries.map(\.id)
            }
            #expect(ids.count == 305 && Set(ids).count == 305)
            #expect(try await collectEntries(service, since: cursor).pages.isEmpty)
        }
    }

    @Test func statesSurviveArticlesLeavingTheUnreadListMidway() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let feed = stub.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
            let unread = stub.addHeadlines(450, feedID: feed)
            let starred = stub.addHeadlines(30, feedID: feed, unread: false, marked: true)
            // Read elsewhere while the first page is being handled: the later ones move up.
            stub.state.withLock { $0.readBeforeLaterUnreadPage = Array(unread.prefix(10)) }
            let states = try #require(try await service.states())
            #expect(states.unread.isSuperset(of: unread.dropFirst(10).map(String.init)))
            #expect(states.unread.isSubset(of: unread.map(String.init)))
            #expect(states.starred == Set(starred.map(String.init)))
            #expect(stub.calls("getHeadlines").contains { $0["feed_id"] as? Int == -1 })
        }
    }

    @Test func readAndStarredGoOutAsArticleUpdates() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            let feed = stub.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
            let ids = stub.addHeadlines(3, feedID: feed)
            try await service.setRead(true, entries: ids.map(String.init))
            let update = try #require(stub.calls("updateArticle").last)
            #expect(update["article_ids"] as? String == ids.map(String.init).joined(separator: ","))
            #expect(update["field"] as? Int == 2 && update["mode"] as? Int == 0)
            try await service.setStarred(true, entries: [String(ids[0])])
            try await service.setStarred(true, entries: [String(ids[0])])
            try await service.setRead(false, entries: [String(ids[1])])
            let headlines = stub.state.withLock { $0.headlines }
            #expect(headlines[ids[0]]?.marked == true && headlines[ids[0]]?.unread == false)
            #expect(headlines[ids[1]]?.unread == true && headlines[ids[2]]?.unread == false)
        }
    }

    // MARK: - Failures

    @Test(arguments: ServiceFault.allCases)
    func failuresBecomeTheirSyncError(_ fault: ServiceFault) async throws {
        try await withTinyTinyRSS(settings: fault.settings) { stub, service, log in
            for index in 1...5 { stub.addFeed(url: "https://site\(index).example/feed.xml", title: "Site \(index)") }
            try await service.verify()
            try await expectSubscriptions(
                of: service, failingWith: fault, count: 5, secrets: [TinyTinyRSSStub.password, "session-1"], log: log,
                inject: { stub.faults.inject($0, on: TinyTinyRSSStub.path, times: $1) }, clear: stub.faults.clear)
        }
    }

    @Test func anUnknownAPIErrorIsARefusalNamingTheCall() async throws {
        try await withTinyTinyRSS { stub, service, _ in
            try await service.verify()
            stub.http.route(TinyTinyRSSStub.path, .ok(#"{"seq":0,"status":1,"content":{"error":"INCORRECT_USAGE"}}"#, contentType: "text/json"))
            let error = await syncError { _ = try await service.subscriptions() }
            #expect(error == .refused("getCategories: INCORRECT_USAGE"))
        }
    }
}
