import FeedFetching
@testable import FeedSync
import Foundation
import Synchronization
import Testing
import TestSupport

/// `GoogleReaderService` against `FakeGoogleReaderServer` on 127.0.0.1, through the real fetcher.
@Suite(.serialized) struct GoogleReaderServiceTests {
    static let password = "hunter2-greader"

    /// Runs `body` with a fake server serving `account` and a service signing in as `admin`
    /// with `password`, and stops both afterwards.
    func withGoogleReader(
        account: FakeSyncAccount = FakeSyncAccount(), password: String = Self.password, settings: TransferSettings = TransferSettings(),
        _ body: (FakeGoogleReaderServer, GoogleReaderService, LogRecorder) async throws -> Void
    ) async throws {
        let server = try await FakeGoogleReaderServer.start(account: account, password: Self.password)
        do {
            try await withFetcher { fetcher, log in
                let service = GoogleReaderService(fetcher: fetcher, url: server.baseURL, user: "admin", password: password, settings: settings)
                try await body(server, service, log)
            }
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    private func form(_ request: RecordedRequest?) -> [(String, String)] {
        guard let request else { return [] }
        return String(decoding: request.body, as: UTF8.self).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    // MARK: - Account and subscriptions

    @Test func verifyingSignsInWithClientLogin() async throws {
        try await withGoogleReader { server, service, log in
            try await service.verify()
            let login = try #require(server.requests.last)
            #expect(login.method == "POST" && login.path == "/accounts/ClientLogin")
            #expect(form(login).map { "\($0.0)=\($0.1)" } == ["Email=admin", "Passwd=\(Self.password)"])
            _ = try await service.subscriptions()
            #expect(server.requests.last?.header("Authorization") == "GoogleLogin auth=\(server.authToken)")
            expectNoSecret([Self.password, server.authToken], in: nil, log: log)
        }
    }

    @Test func aWrongPasswordIsUnauthorizedAndNeverShown() async throws {
        try await withGoogleReader(password: "wrong-password-789") { _, service, log in
            let error = await syncError { try await service.verify() }
            guard case .unauthorized? = error else {
                Issue.record("expected unauthorized, got \(String(describing: error))")
                return
            }
            expectNoSecret(["wrong-password-789"], in: error, log: log)
        }
    }

    @Test func noClientLoginMeansNoGoogleReaderAPI() async throws {
        try await withGoogleReader { server, service, _ in
            server.inject(.status(404, body: "404 page not found"), on: "/accounts/ClientLogin")
            let error = await syncError { try await service.verify() }
            #expect(error == .refused("no Google Reader API at \(server.baseURL) (404 page not found)"))
        }
    }

    @Test func subscriptionsCarryTheirLabels() async throws {
        let account = FakeSyncAccount()
        let tech = try account.addCategory("Tech")
        let blog = try account.addFeed(url: "https://blog.example/feed.xml", title: "Blog", siteURL: "https://blog.example/", categoryID: tech.id)
        try await withGoogleReader(account: account) { _, service, _ in
            let subscriptions = try await service.subscriptions()
            #expect(subscriptions == [
                RemoteSubscription(id: "feed/\(blog.id)", url: blog.feedURL, title: "Blog", siteLink: "https://blog.example/", categories: ["Tech"])
            ])
        }
    }

    @Test func subscribingGivesTitleAndLabel() async throws {
        try await withGoogleReader { server, service, _ in
            let subscription = try await service.subscribe(url: "https://new.example/feed", title: "Mine", categories: ["Reading"])
            let feed = try #require(server.account.feeds.first)
            #expect(subscription == RemoteSubscription(
                id: "feed/\(feed.id)", url: "https://new.example/feed", title: "Mine", siteLink: "https://new.example/", categories: ["Reading"]))
            #expect(server.account.category(feed.categoryID)?.title == "Reading")
            // Every POST carried the T token.
            #expect(server.requests.filter { $0.method == "POST" && $0.path.hasPrefix("/reader/") }.allSatisfy {
                form($0).contains { $0.0 == "T" && $0.1 == server.actionToken }
            })
        }
    }

    @Test func subscribingToAFeedTheAccountHasGivesTheExistingSubscription() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
        try await withGoogleReader(account: account) { server, service, _ in
            let subscription = try await service.subscribe(url: feed.feedURL, title: nil, categories: [])
            #expect(subscription.id == "feed/\(feed.id)" && subscription.title == "Blog")
            #expect(server.account.feeds.count == 1)
        }
    }

    @Test func aRefusedSubscriptionCarriesTheServiceReason() async throws {
        try await withGoogleReader { server, service, _ in
            let error = await syncError { _ = try await service.subscribe(url: "ftp://files.example/feed", title: nil, categories: []) }
            #expect(error == .refused("Invalid feed URL."))
            #expect(server.account.feeds.isEmpty)
        }
    }

    @Test func unsubscribingTwiceIsNotFound() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        try await withGoogleReader(account: account) { server, service, _ in
            try await service.unsubscribe("feed/\(feed.id)")
            #expect(server.account.feeds.isEmpty)
            let again = await syncError { try await service.unsubscribe("feed/\(feed.id)") }
            #expect(again == .notFound("no subscription feed/\(feed.id)"))
        }
    }

    @Test func editingRenamesAndMovesBetweenLabels() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml", title: "Blog")
        try await withGoogleReader(account: account) { server, service, _ in
            try await service.edit("feed/\(feed.id)", title: "My blog", categories: nil)
            #expect(server.account.feed(feed.id)?.title == "My blog")
            try await service.edit("feed/\(feed.id)", title: nil, categories: ["News"])
            let edit = form(server.requests.last { $0.path == "/reader/api/0/subscription/edit" })
            #expect(edit.filter { ["a", "r"].contains($0.0) }.map { "\($0.0)=\($0.1)" } == ["a=user/-/label/News", "r=user/-/label/All"])
            let news = try #require(server.account.category(titled: "News"))
            #expect(server.account.feed(feed.id)?.categoryID == news.id && server.account.feed(feed.id)?.title == "My blog")
            // Labels it has already: nothing to send.
            let before = server.requests.filter { $0.method == "POST" }.count
            try await service.edit("feed/\(feed.id)", title: nil, categories: ["news"])
            #expect(server.requests.filter { $0.method == "POST" }.count == before)
            let missing = await syncError { try await service.edit("feed/999", title: nil, categories: ["News"]) }
            #expect(missing == .notFound("no subscription feed/999"))
        }
    }

    // MARK: - Entries and states

    @Test func entriesFromNothingComeInBatchesOldestFirst() async throws {
        let account = FakeSyncAccount()
        account.populate(feeds: 3, entries: 600)
        try await withGoogleReader(account: account) { server, service, _ in
            let (pages, cursor) = try await collectEntries(service, since: nil)
            #expect(pages.map(\.count) == [250, 250, 100])
            let entries = pages.flatMap { $0 }
            #expect(entries.map(\.id) == account.entries.map { String($0.id) })
            let fake = try #require(account.entries.first { $0.starred })
            let entry = try #require(entries.first { $0.id == String(fake.id) })
            #expect(entry.subscriptionID == "feed/\(fake.feedID)" && entry.starred && entry.read == (fake.status == .read))
            #expect(entry.item.link == fake.url && entry.item.title == fake.title && entry.item.content == fake.content)
            #expect(try JSONDecoder().decode(GoogleReaderService.Cursor.self, from: Data(cursor.utf8)).crawled != nil)
            let contents = try #require(server.requests(for: "/reader/api/0/stream/items/contents").first)
            #expect(form(contents).first?.1.hasPrefix("tag:google.com,2005:reader/item/") == true)
        }
    }

    @Test func theCursorBringsNewEntriesOnly() async throws {
        let clock = ManualClock()
        let account = FakeSyncAccount(clock: clock.reading)
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        for day in 1...4 {
            try account.addEntry(feedID: feed.id, title: "Old \(day)", publishedAt: clock.now.addingTimeInterval(-Double(day) * 86_400))
        }
        try await withGoogleReader(account: account) { server, service, _ in
            let first = try await collectEntries(service, since: nil)
            #expect(first.pages.flatMap { $0 }.count == 4)
            clock.advance(seconds: 3_600)
            let new = try account.addEntry(feedID: feed.id, title: "New")
            let second = try await collectEntries(service, since: first.cursor)
            #expect(second.pages.flatMap { $0 }.map(\.id) == [String(new.id)])
            #expect(server.requests(for: "/reader/api/0/stream/items/ids").last?.query?.contains("ot=") == true)
        }
    }

    @Test func entriesAddedBetweenBatchesComeWithTheNextSync() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_735_776_000))  // a day after the populated entries
        let account = FakeSyncAccount(clock: clock.reading)
        account.populate(feeds: 2, entries: 300)
        let feedID = try #require(account.feeds.first?.id)
        let contentsCalls = Mutex(0)
        try await withGoogleReader(account: account) { server, service, _ in
            server.onRequest { request in
                guard request.path == "/reader/api/0/stream/items/contents",
                      contentsCalls.withLock({ $0 += 1; return $0 == 2 })
                else { return }
                for index in 1...2 { _ = try? account.addEntry(feedID: feedID, title: "Meanwhile \(index)") }
            }
            let listed = try await collectEntries(service, since: nil)
            let first = listed.pages.flatMap { $0 }.map(\.id)
            let second = try await collectEntries(service, since: listed.cursor).pages.flatMap { $0 }.map(\.id)
            #expect(first.count == 300 && Set(first).count == 300)
            // The next sync brings the two, and again the entries crawled in the margin before
            // the newest one read (`crawlMargin`), which are stored already.
            #expect(Set(second).subtracting(first).count == 2)
        }
    }

    @Test func statesAreTheUnreadAndStarredIDs() async throws {
        let account = FakeSyncAccount()
        account.populate(feeds: 2, entries: 120)
        try await withGoogleReader(account: account) { _, service, _ in
            let states = try #require(try await service.states())
            #expect(states.unread == Set(account.entries.filter { $0.status == .unread }.map { String($0.id) }))
            #expect(states.starred == Set(account.entries.filter(\.starred).map { String($0.id) }))
            #expect(!states.unread.isEmpty && !states.starred.isEmpty)
        }
    }

    @Test func readAndStarredGoOutAsTags() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        let entries = try (1...3).map { try account.addEntry(feedID: feed.id, title: "E\($0)") }
        let ids = entries.map { String($0.id) }
        try await withGoogleReader(account: account) { server, service, _ in
            try await service.setRead(true, entries: ids)
            #expect(account.entries.allSatisfy { $0.status == .read })
            let tag = form(server.requests.last { $0.path == "/reader/api/0/edit-tag" })
            #expect(tag.filter { $0.0 == "a" }.map(\.1) == ["user/-/state/com.google/read"])
            #expect(tag.filter { $0.0 == "i" }.count == 3)
            try await service.setStarred(true, entries: [ids[0]])
            try await service.setStarred(true, entries: [ids[0]])
            try await service.setRead(false, entries: [ids[1]])
            #expect(account.entry(entries[0].id)?.starred == true && account.entry(entries[1].id)?.status == .unread)
            try await service.setStarred(false, entries: [ids[0]])
            #expect(account.entry(entries[0].id)?.starred == false)
        }
    }

    // MARK: - Tokens

    @Test func aStaleTTokenIsFetchedAgainOnce() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://blog.example/feed.xml")
        let entry = try account.addEntry(feedID: feed.id, title: "E")
        try await withGoogleReader(account: account) { server, service, _ in
            try await service.setRead(true, entries: [String(entry.id)])
            server.expireActionToken()
            try await service.setStarred(true, entries: [String(entry.id)])
            #expect(account.entry(entry.id)?.starred == true)
            #expect(server.requests(for: "/reader/api/0/token").count == 2)
            #expect(server.requests(for: "/reader/api/0/edit-tag").count == 3)
        }
    }

    @Test func anExpiredAuthSignsInAgainOnce() async throws {
        let account = FakeSyncAccount()
        try account.addFeed(url: "https://blog.example/feed.xml")
        try await withGoogleReader(account: account) { server, service, _ in
            try await service.verify()
            server.inject(.status(401, body: "Unauthorized"), on: "/reader/api/0/subscription/list")
            #expect(try await service.subscriptions().count == 1)
            #expect(server.requests(for: "/accounts/ClientLogin").count == 2)
            // Refused again after signing in again: the service means it.
            server.inject(.status(401, body: "Unauthorized"), on: "/reader/api/0/subscription/list", times: 2)
            let error = await syncError { _ = try await service.subscriptions() }
            #expect(error == .unauthorized("Unauthorized"))
            #expect(server.requests(for: "/accounts/ClientLogin").count == 3)
        }
    }

    // MARK: - Failures

    @Test(arguments: ServiceFault.allCases)
    func failuresBecomeTheirSyncError(_ fault: ServiceFault) async throws {
        let account = FakeSyncAccount()
        for index in 1...5 { try account.addFeed(url: "https://site\(index).example/feed.xml", title: "Site \(index)") }
        try await withGoogleReader(account: account, settings: fault.settings) { server, service, log in
            try await service.verify()
            try await expectSubscriptions(
                of: service, failingWith: fault, count: 5, secrets: [Self.password, server.authToken], log: log,
                inject: { server.inject($0, on: "/reader/api/0/subscription/list", times: $1) }, clear: server.faults.clear)
        }
    }
}
