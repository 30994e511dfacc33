import Glibc
import FeedEntities
import FeedIPC
import Foundation
import Synchronization
import Testing
import TestSupport

/// A failing miniflux (the fake; Google Reader once) through the real daemon: every fault gives a clear
/// `lastError` and a warning in the log, loses no queued local change, and the first sync
/// after it delivers them; a service that is down, and a daemon killed in mid-sync, lose none.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SyncFailureTests {
    /// A fault of the service (on the paths under `prefix`, all when `nil`), the part of
    /// `lastError` it must give, and what the status must say besides.
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var service: FakeSyncService = .miniflux
        var fault: FakeSyncFault
        var prefix: String?
        var error: String
        var check: @Sendable (SyncStatus) -> Bool = { _ in true }

        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "401", fault: .status(401, body: #"{"error_message":"Access Unauthorized"}"#), error: "refused the credentials: Access Unauthorized"),
        Fault(name: "429 with Retry-After", fault: .retryAfter(status: 429, seconds: 600), error: "asks to wait 600 s") { status in
            // The next sync waits as asked.
            guard let next = status.nextSync, let attempt = status.lastAttempt else { return false }
            return next.timeIntervalSince(attempt) >= 590
        },
        Fault(name: "500", fault: .status(500, body: "internal error"), error: "the service failed (500): internal error"),
        Fault(name: "garbage", fault: .garbage, error: "malformed"),
        Fault(name: "a 50 MB answer", fault: .hugeBody(bytes: 50_000_000), error: "larger than 16 MiB"),
        Fault(name: "a stall beyond the timeout", fault: .stall(.seconds(90)), error: "cannot reach the service"),
        Fault(name: "a body cut mid-way", fault: .closeMidBody, error: "cannot reach the service"),
        // A page that is not the service's, as a captive portal answers every request.
        Fault(name: "garbage for Google Reader's changes", service: .greader, fault: .garbage, prefix: "/reader/api/0/edit-tag", error: "malformed"),
    ]

    @Test(arguments: faults)
    func aFaultIsReportedAndLosesNoQueuedChange(_ fault: Fault) async throws {
        let account = try FakeSyncAccount.twoFeeds()
        let (server, daemon) = try await fault.service.start(account, extra: ["timeout: 10s"])
        defer { Task { try? await server.stop() } }
        _ = try await daemon.firstSync()
        let one = try await daemon.number(of: "Alpha one"), beta = try await daemon.number(of: "Beta one")

        server.inject(fault.fault, on: fault.prefix, times: 100_000)
        try await daemon.tidings(["read", "\(one)"])
        try await daemon.tidings(["star", "\(beta)"])
        let failed = try await daemon.sync()
        let error = failed.lastError ?? ""
        #expect(error.contains(fault.error), "\(failed)\n\(daemon.log)")
        #expect(fault.check(failed), "\(failed)")
        // A change is on the service (one the fault let through) or still queued, never neither.
        let delivered = [account.entry(titled: "Alpha one")?.status == .read, account.entry(titled: "Beta one")?.starred == true]
        #expect(failed.pending + delivered.count(where: \.self) >= 2, "a change was lost: \(failed)\n\(account.summary)\n\(daemon.log)")
        #expect(daemon.harness.log().contains("warning tidingsd: sync with \(fault.service.rawValue) failed: \(error)"), "\(daemon.log)")
        #expect(!daemon.leaks(in: error) && !daemon.leaks(in: daemon.harness.log()), "\(daemon.log)")
        #expect(try await daemon.status().pending == failed.pending)

        server.faults.clear()
        let synced = try await daemon.sync()
        #expect(synced.lastError == nil && synced.pending == 0, "\(synced)\n\(daemon.log)")
        #expect(account.entry(titled: "Alpha one")?.status == .read && account.entry(titled: "Beta one")?.starred == true, "\(account.summary)")
        let items = try await daemon.items()
        #expect(items["Alpha one"]?.read == true && items["Beta one"]?.starred == true, "\(items.values)\n\(daemon.log)")
    }

    /// Another device adds entries and changes states between two pages of a sync: nothing is
    /// skipped, and the next sync has every entry and state.
    @Test func entriesChangingInMidSyncAreAllThereAfterTheNextSync() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://many.example/feed.xml", title: "Many")
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        for index in 1...510 {
            try account.addEntry(feedID: feed.id, title: "Entry \(index)", content: "<p>\(index)</p>", publishedAt: start + Double(index))
        }
        let (server, daemon) = try await FakeSyncService.miniflux.start(account)
        defer { Task { try? await server.stop() } }
        let changed = Atomic(false)
        server.onRequest { request in
            // The second page of entries (miniflux pages by 500, from after the last id read).
            guard request.path == "/v1/entries", request.query?.contains("after_entry_id=500") == true,
                !changed.exchange(true, ordering: .relaxed)
            else { return }
            for index in 1...3 {
                _ = try? account.addEntry(feedID: feed.id, title: "Late \(index)", content: "<p>late</p>", publishedAt: start)
            }
            account.setStatus([1, 2], to: .read)
            account.setStarred([3, 505], true)
        }
        let first = try await daemon.sync()
        #expect(first.lastError == nil && changed.load(ordering: .relaxed), "\(first)\n\(daemon.log)")
        let second = try await daemon.sync()
        #expect(second.lastError == nil, "\(second)\n\(daemon.log)")

        let items = try await daemon.items()
        let entries = account.entries
        #expect(items.count == 513 && entries.count == 513, "\(items.count) items\n\(daemon.log)")
        let differing = entries.filter { entry in
            items[entry.title].map { $0.read != (entry.status == .read) || $0.starred != entry.starred } ?? true
        }
        #expect(differing.isEmpty, "differ: \(differing.map(\.title))\n\(daemon.log)")
    }

    /// A change made while the service is down waits, and goes once it is back.
    @Test func aPushQueuedWhileTheServiceIsDownIsDeliveredWhenItIsBack() async throws {
        let account = try FakeSyncAccount.twoFeeds()
        // On a port of its own choosing, not the system's: bound with SO_REUSEADDR, as its
        // connections are, which then do not keep the next server from binding it.
        let server = try await Self.start(account: account, apiKey: "down-\(UUID().uuidString.prefix(8))", port: nil)
        defer { Task { try? await server.stop() } }
        let daemon = try await SyncDaemon(service: "miniflux", url: server.baseURL, user: nil, secret: server.apiKey, extra: ["timeout: 15s"])
        _ = try await daemon.firstSync()
        let one = try await daemon.number(of: "Alpha one")

        try await server.stop()
        try await daemon.tidings(["read", "\(one)"])
        // The push after the change fails by itself.
        var status = try await daemon.status()
        let failed = try await daemon.eventually {
            status = try await daemon.status()
            return status.lastError != nil
        }
        #expect(failed && status.lastError?.contains("cannot reach the service") == true, "\(status)\n\(daemon.log)")
        #expect(status.pending == 1, "\(status)")
        #expect(daemon.harness.log().contains("warning tidingsd: sync with miniflux failed"), "\(daemon.log)")

        let back = try await Self.start(account: account, apiKey: server.apiKey, port: server.port)
        defer { Task { try? await back.stop() } }
        let synced = try await daemon.sync()
        #expect(synced.lastError == nil && synced.pending == 0, "\(synced)\n\(daemon.log)")
        #expect(account.entry(titled: "Alpha one")?.status == .read, "\(account.summary)\n\(daemon.log)")
    }

    /// A fake miniflux on `port`, or on a free port (`nil`); tries a while, as someone may take
    /// a free port first, and a port may linger a moment after its server stopped.
    static func start(account: FakeSyncAccount, apiKey: String, port: Int?) async throws -> FakeMinifluxServer {
        var failure: (any Error)?
        for _ in 0..<50 {
            do {
                return try await FakeMinifluxServer.start(account: account, apiKey: apiKey, port: try port ?? LoopbackPort.free())
            } catch {
                failure = error
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        throw HarnessError("cannot listen on port \(port.map(String.init) ?? "(free)"): \(String(describing: failure))")
    }

    /// kill -9 while a sync waits for the service, 20 times, a change queued each time: each
    /// round finds every earlier change still waiting, and the last sync delivers them all.
    @Test func killingTheDaemonInMidSyncLosesNoQueuedChange() async throws {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://kill.example/feed.xml", title: "Kill")
        let rounds = 20
        for index in 1...rounds {
            try account.addEntry(feedID: feed.id, title: "Entry \(index)", content: "<p>\(index)</p>")
        }
        let (server, daemon) = try await FakeSyncService.miniflux.start(account, extra: ["timeout: 60s"])
        defer { Task { try? await server.stop() } }
        _ = try await daemon.firstSync()
        let items = try await daemon.items()
        let ids = account.entries.map(\.id)

        // Every answer waits far longer than a round takes: each sync hangs on its first call.
        server.inject(.stall(.seconds(120)), times: 100_000)
        // Counted before each start: the sync a restarted daemon makes by itself may reach the
        // service first, and `sync.run` then joins it.
        var before = server.requests.count
        for round in 1...rounds {
            let number = try #require(items["Entry \(round)"]?.number)
            try await daemon.tidings(["read", "\(number)"])
            let pending = try await daemon.status().pending
            #expect(pending == round, "round \(round): \(pending) changes wait\n\(daemon.log)")
            Task { _ = try? await daemon.call("sync.run") }
            let syncing = await daemon.eventually { server.requests.count > before }
            #expect(syncing, "round \(round): no sync reached the service\n\(daemon.log)")
            await daemon.harness.stop(signal: SIGKILL)
            // What the killed sync sent never counted: the service forgets it.
            account.setStatus(ids, to: .unread)
            before = server.requests.count
            if round == rounds { server.faults.clear() }
            try await daemon.harness.restart()
        }

        let status = try await daemon.sync()
        #expect(status.lastError == nil && status.pending == 0, "\(status)\n\(daemon.log)")
        let unread = account.entries.filter { $0.status != .read }.map(\.title)
        #expect(unread.isEmpty, "changes that never reached the service: \(unread)\n\(daemon.log)")
    }
}
