import FeedFetching
@testable import FeedSync
import Foundation
import Synchronization
import Testing
import TestSupport

/// `MinifluxService` against `FakeMinifluxServer` on 127.0.0.1, through the real fetcher.
@Suite(.serialized) struct MinifluxServiceTests {
    static let token = "miniflux-token-7f3a9c"
    static let password = "hunter2-miniflux"

    /// Runs `body` with a fake server serving `account` and a service signed in with a token
    /// (`credentials` otherwise), and stops both afterwards.
    func withMiniflux(
        account: FakeSyncAccount = FakeSyncAccount(), credentials: SyncCredentials = .token(Self.token),
        settings: TransferSettings = TransferSettings(),
        _ body: (FakeMinifluxServer, MinifluxService, LogRecorder) async throws -> Void
    ) async throws {
        let server = try await FakeMinifluxServer.start(account: account, password: Self.password, apiKey: Self.token)
        do {
            try await withFetcher { fetcher, log in
                let service = MinifluxService(fetcher: fetcher, url: server.baseURL + "/", credentials: credentials, settings: settings)
                try await body(server, service, log)
            }
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    // MARK: - Account and subscriptions

    @Test func verifiesWithATokenOrAPassword() async throws {
        try await withMiniflux { server, service, _ in
            try await service.verify()
            #expect(server.requests.last?.header("X-Auth-Token") == Self.token)
            #expect(server.requests.last?.header("Accept") == "application/json")
        }
        try await withMiniflux(credentials: .password(user: "admin", password: Self.password)) { server, service, _ in
            try await service.verify()
            #expect(server.requests.last?.header("Authorization")?.hasPrefix("Basic ") == true)
            #expect(server.requests.last?.header("X-Auth-Token") == nil)
        }
    }

    @Test func aWrongTokenOrPasswordIsUnauthorizedAndNeverShown() async throws {
        try await withMiniflux(credentials: .token("wrong-token-123")) { _, service, log in
            let error = await syncError { try await service.verify() }
            #expect(error == .unauthorized("Access Unauthorized"))
            expectNoSecret(["wrong-token-123"], in: error, log: log)
        }
        try await withMiniflux(credentials: .password(user: "admin", password: "wrong-password-456")) { _, service, log in
            let error = await syncError { _ = try await service.subscriptions() }
            #expect(error == .unauthorized("Access Unauthorized"))
            expectNoSecret(["wrong-password-456"], in: error, log: log)
        }
    }

    @Test func subscriptionsCarryTheirCategory() async throws {
        let account = FakeSyncAccount()
        let tech = try account.addCategory("Tech")
        let blog = try account.addFeed(url: "https://blog.example/feed.xml", title: "Blog", siteURL: "https://blog.example/", categoryID: tech.id)
        let news = try account.addFeed(url: "https://news.example/rss", title: "News")
        try await withMiniflux(account: account) { _, service, _ in
            let subscriptions = try await service.subscriptions().sorted { $0.id < $1.id }
            #expect(subscriptions == [
                RemoteSubscription(id: String(blog.id), url: blog.feedURL, title: "Blog", siteLink: "https://blog.example/", categories: ["Tech"]),
                RemoteSubscription(id: String(news.id), url: news.feedURL, title: "News", siteLink: "https://news.example/", categories: ["All"]),
            ])
        }
    }

    @Test func subscribingMakesAMissingCategoryAndTakesTheTitle() async throws {
        try await withMiniflux { server, service, _ in
            let subscription = try await service.subscribe(url: "https://new.example/feed", title: "Mine", categories: ["Reading", "Ignored"])
            let feed = try #require(server.account.feeds.first)
            #expect(subscription == RemoteSubscription(
                id: String(feed.id), url: "https://new.example/feed", title: "Mine", siteLink: "https://new.example/", categories: ["Reading"]))
            #expect(server.account.category(feed.categoryID)?.title == "Reading")
            #expect(server.account.category(titled: "Ignored") == nil)
            // An existing category is used, case-insensitively, not made again.
            let second = try await service.subscribe(url: "https://other.example/feed", title: nil, categories: ["reading"])
            #expect(second.categories == ["Reading"] && second.title == "other.example")
            #expect(server.account.categories.map(\.title) == ["All", "Reading"])
        }
    }

    @Test func subscribingToAFeedTheAccountHasGivesTheExistingSubscription() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
        try await withMiniflux(account: account) { server, service, _ in
            let subscription = try await service.subscribe(url: feed.feedURL, title: "Other title", categories: [])
            #expect(subscription.id == String(feed.id) && subscription.title == "Blog")
            #expect(server.account.feeds.count == 1)
        }
    }

    @Test func aRefusedSubscriptionCarriesTheServiceReason() async throws {
        try await withMiniflux { server, service, _ in
            let error = await syncError { _ = try await service.subscribe(url: "ftp://files.example/feed", title: nil, categories: []) }
            #expect(error == .refused("Invalid feed URL."))
            #expect(server.account.feeds.isEmpty)
        }
    }

    @Test func unsubscribingTwiceIsNotFound() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        try await withMiniflux(account: account) { server, service, _ in
            try await service.unsubscribe(String(feed.id))
            #expect(server.account.feeds.isEmpty)
            let again = await syncError { try await service.unsubscribe(String(feed.id)) }
            #expect(again == .notFound("Resource Not Found"))
            let garbled = await syncError { try await service.unsubscribe("feed/1") }
            #expect(garbled == .notFound("no miniflux id feed/1"))
        }
    }

    @Test func editingRenamesAndMovesMakingAMissingCategory() async throws {
        let account = FakeSyncAccount()
        let tech = try account.addCategory("Tech")
        let feed = try account.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
        try await withMiniflux(account: account) { server, service, _ in
            try await service.edit(String(feed.id), title: "My blog", categories: nil)
            #expect(server.account.feed(feed.id)?.title == "My blog" && server.account.feed(feed.id)?.categoryID == 1)
            try await service.edit(String(feed.id), title: nil, categories: ["tech"])
            #expect(server.account.feed(feed.id)?.categoryID == tech.id)
            try await service.edit(String(feed.id), title: nil, categories: ["Later"])
            let later = try #require(server.account.category(titled: "Later"))
            #expect(server.account.feed(feed.id)?.categoryID == later.id && server.account.feed(feed.id)?.title == "My blog")
            // Nothing to change: no call.
            let before = server.requests.count
            try await service.edit(String(feed.id), title: nil, categories: nil)
            #expect(server.requests.count == before)
            let missing = await syncError { try await service.edit("999", title: "x", categories: nil) }
            #expect(missing == .notFound("Resource Not Found"))
        }
    }

    // MARK: - Entries

    @Test func entriesFromNothingComeInPagesOldestFirst() async throws {
        let account = FakeSyncAccount()
        account.populate(feeds: 4, entries: 1_100)
        try await withMiniflux(account: account) { server, service, _ in
            let (pages, cursor) = try await collectEntries(service, since: nil)
            #expect(pages.count == 3)
            let ids = pages.flatMap { $0 }.map { Int($0.id)! }
            #expect(ids == account.entries.map(\.id))
            // Each entry as the service has it: state, feed, link.
            let fake = try #require(account.entries.first { $0.starred })
            let entry = try #require(pages.flatMap { $0 }.first { $0.id == String(fake.id) })
            #expect(entry.subscriptionID == String(fake.feedID) && entry.starred && entry.read == (fake.status == .read))
            #expect(entry.item.link == fake.url && entry.item.title == fake.title && entry.item.content == fake.content)
            #expect(entry.changedAt != nil)
            let cursorData = try JSONDecoder().decode(MinifluxService.Cursor.self, from: Data(cursor.utf8))
            #expect(cursorData.after == Int64(account.entries.last!.id))
            // Removed entries are asked for by no call.
            #expect(server.requests(for: "/v1/entries").allSatisfy { !($0.query ?? "").contains("removed") })
        }
    }

    @Test func theCursorBringsNewEntriesAndThoseWhoseStateChanged() async throws {
        let clock = ManualClock()
        let account = FakeSyncAccount(clock: clock.reading)
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        let old = try (1...5).map { try account.addEntry(feedID: feed.id, title: "Old \($0)") }
        clock.advance(seconds: 30)
        // The account's latest change when the first sync begins.
        let marker = try account.addEntry(feedID: feed.id, title: "Marker")
        try await withMiniflux(account: account) { server, service, _ in
            let first = try await collectEntries(service, since: nil)
            #expect(first.pages.flatMap { $0 }.count == 6)

            // Nothing happened: only what changed in the second before the cursor comes again
            // (the adapter's margin for changes committed late), nothing older.
            clock.advance(seconds: 30)
            let idle = try await collectEntries(service, since: first.cursor)
            #expect(idle.pages.flatMap { $0 }.map(\.id) == [String(marker.id)])

            clock.advance(seconds: 60)
            account.setStatus([old[1].id], to: .read)
            account.setStarred([old[3].id], true)
            let new = try account.addEntry(feedID: feed.id, title: "New")
            let second = try await collectEntries(service, since: idle.cursor)
            let entries = second.pages.flatMap { $0 }
            // The idle sync's cursor is the service's clock when it began (its `Date`, less the
            // second it falls in): the marker, changed long before, does not come again.
            #expect(entries.map(\.id).sorted() == [old[1].id, old[3].id, new.id].map(String.init).sorted())
            #expect(entries.first { $0.id == String(old[1].id) }?.read == true)
            #expect(entries.first { $0.id == String(old[3].id) }?.starred == true)
            #expect(server.requests(for: "/v1/entries").contains { ($0.query ?? "").contains("changed_after=") })
        }
    }

    @Test func entriesAddedBetweenPagesAreNeitherLostNorRepeated() async throws {
        let account = FakeSyncAccount()
        account.populate(feeds: 2, entries: 700)
        let feedID = try #require(account.feeds.first?.id)
        let added = Mutex(false)
        try await withMiniflux(account: account) { server, service, _ in
            server.onRequest { request in
                // Another device's service fetches new entries while the second page is asked for.
                guard request.path == "/v1/entries", (request.query ?? "").contains("after_entry_id=") ,
                      !(request.query ?? "").contains("after_entry_id=0"),
                      added.withLock({ let first = !$0; $0 = true; return first })
                else { return }
                for index in 1...3 { _ = try? account.addEntry(feedID: feedID, title: "Meanwhile \(index)") }
            }
            let (pages, _) = try await collectEntries(service, since: nil)
            let ids = pages.flatMap { $0 }.map(\.id)
            #expect(added.withLock { $0 })
            #expect(ids.count == 703 && Set(ids).count == 703)
            #expect(Set(ids) == Set(account.entries.map { String($0.id) }))
        }
    }

    // MARK: - States

    @Test func readStatesGoOutInOneCall() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        let entries = try (1...3).map { try account.addEntry(feedID: feed.id, title: "E\($0)") }
        try await withMiniflux(account: account) { server, service, _ in
            try await service.setRead(true, entries: entries.map { String($0.id) } + ["not-a-number"])
            #expect(account.entries.allSatisfy { $0.status == .read })
            let body = try #require(server.requests.last { $0.method == "PUT" }?.body)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            #expect(json["status"] as? String == "read" && (json["entry_ids"] as? [Int]) == entries.map(\.id))
            try await service.setRead(false, entries: [String(entries[0].id)])
            #expect(account.entry(entries[0].id)?.status == .unread)
            // Nothing to send: no call.
            let before = server.requests.count
            try await service.setRead(true, entries: [])
            #expect(server.requests.count == before)
        }
    }

    @Test func starringIsIdempotentThoughTheAPIToggles() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        let entry = try account.addEntry(feedID: feed.id, title: "Star me")
        try await withMiniflux(account: account) { server, service, _ in
            try await service.setStarred(true, entries: [String(entry.id)])
            try await service.setStarred(true, entries: [String(entry.id)])
            #expect(account.entry(entry.id)?.starred == true)
            #expect(server.requests.filter { $0.path.hasSuffix("/bookmark") }.count == 1)
            try await service.setStarred(false, entries: [String(entry.id), "424242"])
            #expect(account.entry(entry.id)?.starred == false)
            #expect(try await service.states() == nil)
        }
    }

    // MARK: - Failures

    @Test(arguments: ServiceFault.allCases)
    func failuresBecomeTheirSyncError(_ fault: ServiceFault) async throws {
        let account = FakeSyncAccount()
        for index in 1...5 { try account.addFeed(url: "https://site\(index).example/feed.xml", title: "Site \(index)") }
        try await withMiniflux(account: account, settings: fault.settings) { server, service, log in
            try await expectSubscriptions(
                of: service, failingWith: fault, count: 5, secrets: [Self.token], log: log,
                inject: { server.inject($0, on: "/v1/feeds", times: $1) }, clear: server.faults.clear)
        }
    }

    @Test func aServiceErrorDocumentGivesItsMessage() async throws {
        try await withMiniflux { server, service, _ in
            server.inject(.status(500, body: #"{"error_message":"pq: too many connections"}"#), on: "/v1/me")
            let error = await syncError { try await service.verify() }
            #expect(error == .service(status: 500, message: "pq: too many connections"))
        }
    }
}
