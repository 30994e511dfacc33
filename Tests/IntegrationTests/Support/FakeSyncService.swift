import Foundation
import Testing
import TestSupport

/// A fake reading service and a real daemon syncing with it, for the scenarios that miniflux
/// and the Google Reader API share (`SyncScenarios`).
enum FakeSyncService: String, Sendable, CaseIterable {
    case miniflux
    case greader

    /// Starts the fake serving `account` and a daemon whose `sync:` names it: miniflux with an
    /// API token, Google Reader with a user and password; the secret is new each time.
    func start(
        _ account: FakeSyncAccount, extra: [String] = []
    ) async throws -> (server: any FakeSyncServer, daemon: SyncDaemon) {
        let secret = "s3cr3t-\(UUID().uuidString.prefix(12))"
        switch self {
        case .miniflux:
            let server = try await FakeMinifluxServer.start(account: account, apiKey: secret)
            return (server, try await SyncDaemon(service: "miniflux", url: server.baseURL, user: nil, secret: secret, extra: extra))
        case .greader:
            let server = try await FakeGoogleReaderServer.start(account: account, username: "alice", password: secret)
            return (server, try await SyncDaemon(service: "greader", url: server.baseURL, user: "alice", secret: secret, extra: extra))
        }
    }
}

extension FakeSyncAccount {
    /// Two feeds: "Alpha" in category Tech with entries Alpha one (unread), Alpha two (read)
    /// and Alpha three (starred); "Beta" in All with Beta one (unread).
    static func twoFeeds() throws -> FakeSyncAccount {
        let account = FakeSyncAccount()
        let tech = try account.addCategory("Tech")
        let alpha = try account.addFeed(url: "https://alpha.example/feed.xml", title: "Alpha", categoryID: tech.id)
        let beta = try account.addFeed(url: "https://beta.example/feed.xml", title: "Beta")
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        try account.addEntry(feedID: alpha.id, title: "Alpha one", content: "<p>one</p>", publishedAt: date)
        try account.addEntry(feedID: alpha.id, title: "Alpha two", content: "<p>two</p>", publishedAt: date + 60, status: .read)
        try account.addEntry(feedID: alpha.id, title: "Alpha three", content: "<p>three</p>", publishedAt: date + 120, starred: true)
        try account.addEntry(feedID: beta.id, title: "Beta one", content: "<p>beta</p>", publishedAt: date + 180)
        return account
    }

    /// The entry titled `title`.
    func entry(titled title: String) -> FakeEntry? {
        entries.first { $0.title == title }
    }

    /// The feed whose URL is `url`.
    func feed(url: String) -> FakeFeed? {
        feeds.first { $0.feedURL == url }
    }

    /// Feeds, categories and entry states, for expectation messages.
    var summary: String {
        let categories = Dictionary(uniqueKeysWithValues: self.categories.map { ($0.id, $0.title) })
        let feeds = self.feeds.map { "feed \($0.id) \($0.title) <\($0.feedURL)> in \(categories[$0.categoryID] ?? "?")" }
        let entries = self.entries.map { "entry \($0.id) \($0.title) \($0.status.rawValue)\($0.starred ? " starred" : "")" }
        return "--- service\n" + (feeds + entries).joined(separator: "\n")
    }
}
