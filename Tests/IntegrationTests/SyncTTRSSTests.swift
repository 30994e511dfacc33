import Glibc
import FeedEntities
import FeedIPC
import Foundation
import Testing
import TestSupport

/// Two-way sync with a real Tiny Tiny RSS (`TTRSSServer`) through the real daemon and client:
/// read and starred states from either side, subscriptions from either side with their
/// categories, a push that waits while tt-rss does not answer, and two daemons on one account
/// converging.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TTRSSServer.hasRoot, Comment(rawValue: TTRSSServer.needsRoot)))
struct SyncTTRSSTests {
    /// A daemon syncing with `server` as admin.
    static func daemon(_ server: TTRSSServer, extra: [String] = []) async throws -> SyncDaemon {
        try await SyncDaemon(service: "ttrss", url: server.apiURL.absoluteString, user: "admin", secret: "password", extra: extra)
    }

    /// Serves feed `name` (its items numbered by `number`, GUIDs of their own), subscribes tt-rss
    /// to it in `categoryID` and has tt-rss fetch it.
    /// - Returns: the feed's id in tt-rss and its articles' ids by title.
    static func feed(
        _ name: String, number: Int, items: Int = 3, categoryID: Int? = nil, server: TTRSSServer, api: TTRSSClient
    ) async throws -> (id: Int, articles: [String: Int]) {
        server.serveFeed(name, ManyFeeds.rss(feed: number, items: items, padding: 24))
        let id = try await api.subscribeToFeed(server.feedURL(name), categoryID: categoryID)
        try await api.updateFeed(id)
        let headlines = try await api.getHeadlines(feedID: id)
        try #require(headlines.count == items, "tt-rss fetched \(name): \(headlines)\n\(server.logs)")
        return (id, Dictionary(uniqueKeysWithValues: headlines.map { ($0.title, $0.id) }))
    }

    /// tt-rss's feeds and articles, for expectation messages.
    static func summary(_ api: TTRSSClient) async -> String {
        let feeds = (try? await api.getFeeds()).map { "\($0)" } ?? "(no feeds)"
        let articles = (try? await api.getHeadlines(feedID: -4)).map { "\($0)" } ?? "(no articles)"
        return "--- tt-rss\n\(feeds)\n\(articles)"
    }

    /// The article `id` as tt-rss has it.
    static func article(_ id: Int, _ api: TTRSSClient) async throws -> TTRSSClient.Article? {
        try await api.getArticles([id]).first
    }

    @Test func readAndStarredGoBothWays() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()
            let (_, articles) = try await Self.feed("states", number: 9201, items: 4, server: server, api: api)
            let daemon = try await Self.daemon(server)
            _ = try await daemon.firstSync()
            let items = try await daemon.items()
            #expect(items.count == 4 && items.values.allSatisfy { !$0.read && !$0.starred }, "\(items.values)\n\(daemon.log)")

            // Here → tt-rss, by the push after the change.
            let zero = try #require(items["Feed 9201 item 0"]?.number), one = try #require(items["Feed 9201 item 1"]?.number)
            try await daemon.tidings(["read", "\(zero)"])
            try await daemon.tidings(["star", "\(one)"])
            let pushed = try await daemon.eventually {
                let read = try await Self.article(articles["Feed 9201 item 0"]!, api)?.unread == false
                let starred = try await Self.article(articles["Feed 9201 item 1"]!, api)?.marked == true
                return read && starred
            }
            let remote = await Self.summary(api)
            #expect(pushed, "\(remote)\n\(daemon.log)\n\(server.logs)")

            // tt-rss → here, with sync.run; and back to unread and unstarred from here.
            try await api.setRead([articles["Feed 9201 item 2"]!])
            try await api.setStarred([articles["Feed 9201 item 3"]!])
            try await daemon.tidings(["unread", "\(zero)"])
            try await daemon.tidings(["unstar", "\(one)"])
            let status = try await daemon.sync()
            #expect(status.lastError == nil && status.pending == 0, "\(status)\n\(daemon.log)")
            let synced = try await daemon.items()
            #expect(synced["Feed 9201 item 2"]?.read == true && synced["Feed 9201 item 3"]?.starred == true, "\(synced.values)")
            #expect(synced["Feed 9201 item 0"]?.read == false && synced["Feed 9201 item 1"]?.starred == false, "\(synced.values)")
            #expect(try await Self.article(articles["Feed 9201 item 0"]!, api)?.unread == true)
            #expect(try await Self.article(articles["Feed 9201 item 1"]!, api)?.marked == false)
        }
    }

    @Test func subscriptionsGoBothWaysWithTheirCategories() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()
            let reading = try await server.createCategory("Reading")
            let news = try await server.createCategory("News")
            let daemon = try await Self.daemon(server)
            _ = try await daemon.firstSync()

            // Subscribed here, in a category tt-rss has.
            server.serveFeed("mine", ManyFeeds.rss(feed: 9211, items: 2, padding: 24))
            let url = server.feedURL("mine")
            try await daemon.tidings(["subscribe", url, "--tag", "Reading"])
            let subscribed = try await daemon.eventually {
                try await api.getFeeds().contains { $0.feedURL == url && $0.categoryID == reading }
            }
            let remote = await Self.summary(api)
            #expect(subscribed, "\(remote)\n\(daemon.log)\n\(server.logs)")
            let linked = try await daemon.eventually { try await daemon.feed(url: url)?.synced == true }
            #expect(linked, "\(daemon.log)")

            // Unsubscribed here.
            let number = try #require(try await daemon.feed(url: url)?.id)
            try await daemon.tidings(["unsubscribe", "\(number)"])
            let unsubscribed = try await daemon.eventually { try await !api.getFeeds().contains { $0.feedURL == url } }
            let after = await Self.summary(api)
            #expect(unsubscribed, "\(after)\n\(daemon.log)")

            // Subscribed in tt-rss, in a category: a feed here tagged with it.
            _ = try await Self.feed("theirs", number: 9212, items: 2, categoryID: news, server: server, api: api)
            let status = try await daemon.sync()
            #expect(status.lastError == nil && status.report?.feedsAdded == 1, "\(status)\n\(daemon.log)")
            let theirs = try await daemon.feed(url: server.feedURL("theirs"))
            #expect(theirs?.tags == ["News"] && theirs?.synced == true, "\(String(describing: theirs))")
            let items = try await daemon.items()
            #expect(items["Feed 9212 item 0"] != nil && items["Feed 9212 item 1"] != nil, "\(items.values)\n\(daemon.log)")
        }
    }

    /// While tt-rss does not answer (its processes stopped), a change waits; once it answers
    /// again, the next sync delivers it.
    @Test func aPushQueuedWhileTTRSSIsStoppedIsDeliveredWhenItIsBack() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()
            let (_, articles) = try await Self.feed("down", number: 9221, items: 2, server: server, api: api)
            let daemon = try await Self.daemon(server, extra: ["timeout: 5s"])
            _ = try await daemon.firstSync()
            let number = try await daemon.number(of: "Feed 9221 item 0")

            kill(-server.php, SIGSTOP)
            var resumed = false
            defer { if !resumed { kill(-server.php, SIGCONT) } }
            try await daemon.tidings(["read", "\(number)"])
            var status = try await daemon.status()
            let failed = try await daemon.eventually {
                status = try await daemon.status()
                return status.lastError != nil
            }
            #expect(failed && status.pending == 1, "\(status)\n\(daemon.log)")
            #expect(status.lastError?.contains("cannot reach the service") == true, "\(status)")
            kill(-server.php, SIGCONT)
            resumed = true

            let synced = try await daemon.sync()
            #expect(synced.lastError == nil && synced.pending == 0, "\(synced)\n\(daemon.log)\n\(server.logs)")
            #expect(try await Self.article(articles["Feed 9221 item 0"]!, api)?.unread == false)
        }
    }

    /// The acceptance test: two daemons on one tt-rss account converge. An item read on A is
    /// read on B after A's push and one sync of B; a feed A subscribes to, tagged with a
    /// category tt-rss has, reaches B with its tag and items.
    @Test func twoDaemonsOnOneAccountConverge() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()
            _ = try await Self.feed("shared", number: 9231, items: 3, server: server, api: api)
            _ = try await server.createCategory("Shared")
            let a = try await Self.daemon(server), b = try await Self.daemon(server)
            _ = try await a.firstSync()
            _ = try await b.firstSync()

            try await a.tidings(["read", "\(try await a.number(of: "Feed 9231 item 1"))"])
            #expect(try await a.pending(0).pending == 0, "A pushed\n\(a.log)")
            let read = try await b.sync()
            #expect(read.lastError == nil, "\(read)\n\(b.log)")
            let onB = try await b.items()
            #expect(onB["Feed 9231 item 1"]?.read == true && onB["Feed 9231 item 0"]?.read == false, "\(onB.values)\n\(b.log)")

            server.serveFeed("new", ManyFeeds.rss(feed: 9232, items: 2, padding: 24))
            let url = server.feedURL("new")
            try await a.tidings(["subscribe", url, "--tag", "Shared"])
            #expect(try await a.pending(0).pending == 0, "A pushed the subscription\n\(a.log)")
            let remote = try #require(try await api.getFeeds().first { $0.feedURL == url }, "\(server.logs)\n\(a.log)")
            try await api.updateFeed(remote.id)
            let subscribed = try await b.sync()
            #expect(subscribed.lastError == nil && subscribed.report?.feedsAdded == 1, "\(subscribed)\n\(b.log)")
            let feed = try await b.feed(url: url)
            #expect(feed?.tags == ["Shared"] && feed?.synced == true, "\(String(describing: feed))\n\(b.log)")
            let items = try await b.items()
            #expect(items["Feed 9232 item 0"]?.feed == feed?.title && items["Feed 9232 item 1"] != nil, "\(items.values)\n\(b.log)")

            // A, which fetched the feed itself before pushing it, gets tt-rss's copies without doubles.
            _ = try await a.sync()
            let onA = try await a.items().values.filter { $0.title.hasPrefix("Feed 9232") }
            #expect(onA.count == 2, "\(onA)\n\(a.log)")
            let total = try await a.feeds().first { $0.url == url }?.itemCount
            #expect(total == 2, "A's copy of the feed: \(String(describing: total)) items\n\(a.log)")
        }
    }
}
