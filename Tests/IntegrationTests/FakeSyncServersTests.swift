import Foundation
import Synchronization
import Testing
import TestSupport

/// The fake miniflux and Google Reader servers, driven by the services' official Python clients
/// (`make test` installs them under .build/python-clients): what the client saw and what the
/// fake's account holds afterwards must agree with the published API.
@Suite(.serialized) struct FakeSyncServersTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let clients = root.appendingPathComponent(".build/python-clients")
    static let scripts = root.appendingPathComponent("Tests/IntegrationTests/Fixtures/sync")
    static let base = Date(timeIntervalSince1970: 1_740_787_200)  // 2025-03-01T00:00:00Z

    @Test func theOfficialMinifluxClientAgreesWithTheFake() async throws {
        let clock = SettableClock(Self.base)
        let account = FakeSyncAccount(clock: clock.now)
        let feed = try account.addFeed(url: "https://kitchen.example.com/feed.xml", title: "Kitchen Notes")
        for index in 1...6 {
            try account.addEntry(
                feedID: feed.id, title: "Recipe \(index)", content: index == 3 ? "<p>Seville <b>Marmalade</b></p>" : nil,
                publishedAt: Self.base.addingTimeInterval(Double(index - 7) * 3600), status: index == 6 ? .read : .unread,
                starred: index == 5)
        }
        account.setStatus([4], to: .read)
        clock.set(Self.base.addingTimeInterval(3600))
        let server = try await FakeMinifluxServer.start(account: account, username: "ann", password: "pw", apiKey: "key-1")
        defer { Task { try? await server.stop() } }

        let summary = try await Self.runScript(
            "miniflux_client_check.py", [server.baseURL, "key-1", "ann", "pw", String(Int(Self.base.timeIntervalSince1970) + 60)],
            server: server)

        #expect(summary["me"] as? String == "ann")
        #expect(summary["unauthorized"] as? String == "Access Unauthorized")
        #expect(summary["duplicate_category"] as? String == "This category already exists.")
        #expect(summary["categories"] as? [String] == ["All", "Tech"])
        #expect(summary["feeds"] as? [String] == ["https://blog.example.net/feed.xml", "https://kitchen.example.com/feed.xml"])
        #expect(summary["duplicate_feed"] as? String == "This feed already exists.")
        #expect(summary["bad_url"] as? String == "Invalid feed URL.")
        #expect(summary["total"] as? Int == 6)
        #expect(summary["unread_paged"] as? Int == 4)
        #expect(summary["both_statuses"] as? Int == 6)
        #expect(summary["feed_entries"] as? Int == 6)
        #expect(summary["after_entry_id"] as? [Int] == [3, 4, 5, 6])
        #expect(summary["search"] as? Int == 1)
        #expect(summary["starred"] as? [Int] == [1, 5])
        // Only what the client changed, an hour after the set-up, is newer than set-up + 60 s.
        #expect(summary["changed_after"] as? Int == 2)
        #expect((summary["empty_ids"] as? String)?.contains("cannot be empty") == true)
        #expect((summary["bad_order"] as? String)?.contains("invalid entry order") == true)
        #expect(summary["unread_after_mark_all"] as? Int == 0)
        #expect(summary["renamed_category"] as? String == "Technology")
        #expect(summary["categories_after_delete"] as? [String] == ["All"])

        // The fake's own state says the same.
        #expect(account.categories.map(\.title) == ["All"])
        #expect(account.feeds.map(\.feedURL) == ["https://kitchen.example.com/feed.xml"])
        #expect(account.entries.allSatisfy { $0.status == .read })
        #expect(account.entries.filter(\.starred).map(\.id) == [1, 5])
        #expect(account.entry(1)?.changedAt == Self.base.addingTimeInterval(3600))
        #expect(account.entry(3)?.changedAt == Self.base.addingTimeInterval(3600))  // by mark-all-as-read
        #expect(server.requests.contains { $0.header("X-Auth-Token") == "key-1" })
        #expect(server.requests.contains { $0.header("Authorization")?.hasPrefix("Basic ") == true })
    }

    @Test func theOfficialGoogleReaderClientAgreesWithTheFake() async throws {
        let account = FakeSyncAccount()
        let kitchen = try account.addCategory("Kitchen")
        let feed = try account.addFeed(url: "https://kitchen.example.com/feed.xml", title: "Kitchen Notes", categoryID: kitchen.id)
        for index in 1...5 {
            try account.addEntry(
                feedID: feed.id, title: "Recipe \(index)", publishedAt: Self.base.addingTimeInterval(Double(index) * 3600),
                status: index == 2 ? .read : .unread, starred: index == 4,
                enclosures: index == 1 ? [FakeEntry.Enclosure(url: "https://kitchen.example.com/1.mp3", mimeType: "audio/mpeg")] : [])
        }
        let server = try await FakeGoogleReaderServer.start(account: account, username: "ann@example.com", password: "pw")
        defer { Task { try? await server.stop() } }

        let summary = try await Self.runScript("google_reader_client_check.py", [server.baseURL, "ann@example.com", "pw"], server: server)

        #expect(summary["bad_login"] as? Bool == true)
        #expect(summary["bad_token"] as? Bool == true)
        #expect(summary["user"] as? String == "ann@example.com")
        #expect(summary["subscriptions"] as? [String] == ["feed/1|Kitchen Notes|Kitchen"])
        #expect(summary["quickadd"] as? String == "feed/2")
        #expect(summary["subscription_count"] as? Int == 3)
        #expect(summary["tags"] as? [String] == [
            "user/-/label/All", "user/-/label/Audio", "user/-/label/Kitchen", "user/-/label/News", "user/-/state/com.google/starred",
        ])
        #expect(summary["all_ids"] as? [String] == ["5", "4", "3", "2", "1"])
        #expect(summary["unread_ids"] as? [String] == ["5", "4", "3", "1"])
        #expect(summary["starred_ids"] as? [String] == ["4"])
        #expect(summary["pages"] as? [[String]] == [["1", "2"], ["3", "4"], ["5"]])
        #expect(summary["label_ids"] as? [String] == ["5", "4", "3", "2", "1"])
        #expect(summary["content_ids"] as? [String] == [5, 4, 3].map { "tag:google.com,2005:reader/item/000000000000000\($0)" })
        #expect(summary["first_categories"] as? [String] == [
            "user/-/label/Kitchen", "user/-/state/com.google/reading-list",
        ])
        #expect(summary["read_after"] as? [String] == ["4", "2"])
        #expect(summary["starred_after"] as? [String] == ["4", "3"])
        #expect(summary["tags_after"] as? [String] == ["All", "Kitchen", "Podcasts"])
        #expect(summary["subscriptions_after"] as? [String] == ["Kitchen Notes", "podcast.example.org"])
        #expect(summary["unread_after_mark_all"] as? Int == 0)

        #expect(account.categories.map(\.title) == ["All", "Kitchen", "Podcasts"])
        #expect(account.feeds.map(\.feedURL) == ["https://kitchen.example.com/feed.xml", "https://podcast.example.org/feed"])
        #expect(account.feeds.last.flatMap { account.category($0.categoryID)?.title } == "Podcasts")
        #expect(account.entries.allSatisfy { $0.status == .read })
        #expect(account.entries.filter(\.starred).map(\.id) == [3, 4])
        #expect(server.requests.filter { $0.method == "POST" && $0.path.hasPrefix("/reader/") }.allSatisfy {
            String(decoding: $0.body, as: UTF8.self).contains("T=")
        })
    }

    // MARK: - Running a client

    /// Runs a script of Fixtures/sync with the official clients and returns its JSON summary;
    /// on failure, the script's output and the server's request log go into the error.
    static func runScript(_ name: String, _ arguments: [String], server: some FakeSyncServer) async throws -> [String: Any] {
        guard FileManager.default.fileExists(atPath: clients.appendingPathComponent("miniflux.py").path),
            FileManager.default.fileExists(atPath: clients.appendingPathComponent("google_reader.py").path)
        else {
            throw HarnessError(
                "the official Python clients are not installed in \(clients.path): run `make test`, or `make python-clients` "
                    + "(python3 -m pip install --ignore-requires-python --target .build/python-clients miniflux==1.1.6 google-reader==0.0.3)")
        }
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "PYTHONPATH": clients.path,
            "PYTHONDONTWRITEBYTECODE": "1", "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1",
        ]
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", scripts.appendingPathComponent(name).path] + arguments,
            environment: environment)
        let log = server.requests.map { "\($0.method) \($0.path)\($0.query.map { "?" + $0 } ?? "")" }.joined(separator: "\n")
        guard result.status == 0,
            let summary = try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        else {
            throw HarnessError("\(name) failed: \(result)\n--- requests\n\(log)")
        }
        return summary
    }
}

/// A clock a test sets by hand.
final class SettableClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) {
        current = Mutex(start)
    }

    func set(_ date: Date) {
        current.withLock { $0 = date }
    }

    @Sendable func now() -> Date {
        current.withLock { $0 }
    }
}
