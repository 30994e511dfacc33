import Glibc
import ChildProcess
import Foundation
import Testing

/// TTRSSServer, the real tt-rss the sync tests run against: a fresh account each time, feeds
/// served from the test that tt-rss fetches at once, articles read and starred through the API,
/// and nothing left behind.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TTRSSServer.hasRoot, Comment(rawValue: TTRSSServer.needsRoot)))
struct TTRSSFixtureTests {
    @Test func aFeedServedByTheTestIsFetchedReadStarredUpdatedAndUnsubscribed() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()
            #expect(try await api.getFeeds().isEmpty, "\(server.logs)")
            server.serveFeed("alpha", ManyFeeds.rss(feed: 9101, items: 2))

            let feedID = try await api.subscribeToFeed(server.feedURL("alpha"))
            try await api.updateFeed(feedID)

            let feeds = try await api.getFeeds()
            #expect(feeds.map(\.feedURL) == ["http://[::ffff:127.0.0.1]/alpha.xml"], "\(server.logs)")
            let articles = try await api.getHeadlines(feedID: feedID)
            #expect(Set(articles.map(\.title)) == ["Feed 9101 item 0", "Feed 9101 item 1"], "\(server.logs)")
            #expect(articles.allSatisfy { $0.unread && !$0.marked })
            #expect(!server.feeds.requests(for: "/alpha.xml").isEmpty)

            let (first, second) = try #require(articles.count == 2 ? (articles[0].id, articles[1].id) : nil)
            try await api.setRead([first])
            try await api.setStarred([second])
            let read = Dictionary(uniqueKeysWithValues: try await api.getArticles([first, second]).map { ($0.id, $0) })
            #expect(read[first]?.unread == false && read[first]?.marked == false, "\(read)")
            #expect(read[second]?.unread == true && read[second]?.marked == true, "\(read)")
            #expect(try await api.getHeadlines(feedID: -1).map(\.id) == [second], "the starred articles")

            server.serveFeed("alpha", ManyFeeds.rss(feed: 9101, items: 3))
            try await api.updateFeed(feedID)
            let updated = try await api.getHeadlines(feedID: feedID, showContent: true)
            #expect(updated.count == 3, "\(server.logs)")
            #expect(updated.contains { $0.title == "Feed 9101 item 2" && $0.unread && $0.content?.contains("lorem") == true })
            #expect(try await api.getHeadlines(feedID: feedID, sinceID: max(first, second)).map(\.title) == ["Feed 9101 item 2"])

            try await api.unsubscribeFeed(feedID)
            #expect(try await api.getFeeds().isEmpty)
        }
    }

    @Test func feedsGoIntoCategoriesMadeWithSQLAndTheServerSideCanRenameAndMoveThem() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()
            let news = try await server.createCategory("News's")
            let other = try await server.createCategory("Other")
            server.serveFeed("beta", ManyFeeds.rss(feed: 9102, items: 1))

            let feedID = try await api.subscribeToFeed(server.feedURL("beta"), categoryID: news)

            let categories = try await api.getCategories()
            #expect(categories.contains { $0.id == news && $0.title == "News's" }, "\(categories)")
            #expect(try await api.getFeeds(categoryID: news).map(\.id) == [feedID])
            try await server.renameFeed(feedID, to: "Renamed")
            try await server.moveFeed(feedID, toCategory: other)
            let moved = try await api.getFeeds(categoryID: other)
            #expect(moved.map(\.title) == ["Renamed"], "\(moved)")
            #expect(try await api.getFeeds(categoryID: news).isEmpty)
        }
    }

    @Test func errorsCarryTTRSSMessages() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()

            await #expect { try await api.subscribeToFeed(server.feedURL("missing")) } throws: { error in
                "\(error)".contains("subscribeToFeed: code 5")
            }
            await #expect { try await api.unsubscribeFeed(4242) } throws: { error in
                "\(error)" == "tt-rss unsubscribeFeed: FEED_NOT_FOUND"
            }
            await #expect { try await server.login(password: "wrong") } throws: { error in
                "\(error)" == "tt-rss login: LOGIN_ERROR"
            }
            try await api.logout()
            await #expect { try await api.getFeeds() } throws: { error in
                "\(error)" == "tt-rss getFeeds: NOT_LOGGED_IN"
            }
        }
    }

    @Test func aResetGivesAnEmptyAccount() async throws {
        try await TTRSSServer.run { server in
            let api = try await server.login()
            server.serveFeed("gamma", ManyFeeds.rss(feed: 9103, items: 2))
            let feedID = try await api.subscribeToFeed(server.feedURL("gamma"))
            try await api.updateFeed(feedID)
            _ = try await server.createCategory("Gone")
            #expect(try await api.getHeadlines(feedID: -4).count == 2, "\(server.logs)")

            try await server.reset()

            let fresh = try await server.login()
            #expect(try await fresh.getFeeds().isEmpty)
            #expect(try await fresh.getHeadlines(feedID: -4).isEmpty)
            #expect(try await fresh.getCategories().allSatisfy { $0.id <= 0 })
        }
    }

    @Test func stopLeavesNoProcessOrListenerBehind() async throws {
        let server = try await TTRSSServer.start()
        let group = server.php
        let apiPort = try #require(server.apiURL.port)
        #expect(Self.listeningPorts().isSuperset(of: [80, apiPort]))

        await server.stop()

        #expect(ProcessGroup.hasLiveMembers(group) == false)
        #expect(Self.livePHPProcesses().isEmpty)
        #expect(Self.listeningPorts().isDisjoint(with: [80, apiPort]))
        #expect(!FileManager.default.fileExists(atPath: server.directory.path))
    }

    /// Ports something listens on at 127.0.0.1 or any address, from /proc/net/tcp.
    private static func listeningPorts() -> Set<Int> {
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        return Set(table.split(separator: "\n").dropFirst().compactMap { line -> Int? in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A" else { return nil }
            let local = fields[1].split(separator: ":")
            guard local.count == 2, local[0] == "0100007F" || local[0] == "00000000" else { return nil }
            return Int(local[1], radix: 16)
        })
    }

    /// Running (not zombie) processes whose program is php.
    private static func livePHPProcesses() -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("php") && DaemonProcesses.isAlive(pid)
        }
    }
}
