import Glibc
import Foundation
import Testing
import TestSupport

/// The database on a small tmpfs that fills up, then gets room again. A full disk is the
/// daemon's trouble, not the feeds': no feed is backed off or shown failing for it, `status`
/// says so, failed fetches are all counted though they could not be recorded, search answers
/// from what is indexed, and once there is room the refreshes that could not be stored are
/// stored by the scheduled pass (no manual refresh), the failures written, the error gone.
@Suite(
    .timeLimit(.minutes(5)),
    .enabled(if: ManyFeeds.haveSQLite3, "the sqlite3 tool is missing (make test installs it)"),
    .enabled(if: TmpfsMount.isPermitted, "mounting a tmpfs is not permitted here (the test needs root)"))
struct DiskFullTests {
    static let healthy = 4
    static let failing = 2

    @Test func aFullDiskBacksNoFeedOffAndThePassIsRetriedOnceThereIsRoom() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let feeds = (1...(Self.healthy + Self.failing)).map { "/feed\($0).xml" }
        for (index, path) in feeds.enumerated() { server.route(path, .ok(ManyFeeds.rss(feed: index + 1, items: 3))) }

        // The scheduler looks every minute; the feeds are due only after an hour.
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h", logLevel: "info")
        #expect(await daemon.stop() == 0)
        let data = daemon.directory.appendingPathComponent("data").path
        let mount = try TmpfsMount(at: data, size: "16m")
        defer { mount.unmount() }
        try await daemon.restart()

        for path in feeds {
            let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
            #expect(subscribed.status == 0, "\(subscribed)")
        }
        let indexed = try await daemon.tidings(["search", "lorem", "--json"])
        #expect(indexed.status == 0, "\(indexed)")
        let before = try await Self.feedList(daemon)

        // Feed 1's items as a pass leaves them before the index catches up: stored, not indexed.
        // Then the log is emptied into the database, so that any write must grow a file.
        let database = daemon.databasePath
        try DaemonDatabase.execute(database, """
            UPDATE item SET indexed = 0 WHERE feed_id = 1;
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        for (index, path) in feeds.enumerated() {
            server.route(
                path, index < Self.healthy ? .ok(ManyFeeds.rss(feed: index + 1, items: 40, padding: 2000)) : .status(500))
        }
        let filler = data + "/filler"
        try await Self.fill(filler)
        print("tmpfs filled:\n" + (try await Self.run("/usr/bin/df", ["-k", data])) + (try await Self.run("/usr/bin/ls", ["-ls", data])))

        let refreshed = try await daemon.tidings(["refresh"])
        let refused = ContinuousClock.now
        #expect(refreshed.out.components(separatedBy: "database or disk is full").count - 1 == Self.healthy, "\(refreshed)")
        #expect(refreshed.out.components(separatedBy: "HTTP 500").count - 1 == Self.failing, "\(refreshed)")

        let status = try Self.json(try await daemon.tidings(["status", "--json"]))
        let storage = try #require(status["storage"] as? [String: Any], "\(status)")
        let full = "the disk holding \(data) is full (database or disk is full)"
        #expect(storage["error"] as? String == full)
        #expect(storage["feeds"] as? Int == Self.healthy + Self.failing, "\(storage)")
        #expect(status["failingFeeds"] as? Int == Self.failing, "every failed fetch counted: \(status)")
        let plain = try await daemon.tidings(["status"])
        #expect(plain.out.contains("\nstorage\t{\"since\":"), "piped, a key and value line: \(plain)")

        let during = try await Self.feedList(daemon)
        for number in 1...Self.healthy {
            let feed = try #require(during[number]), was = try #require(before[number])
            #expect(feed["consecutiveFailures"] as? Int == 0 && feed["lastError"] is NSNull, "feed \(number): \(feed)")
            #expect(feed["nextCheck"] as? String == was["nextCheck"] as? String, "feed \(number) not moved out: \(feed)")
        }
        for number in (Self.healthy + 1)...(Self.healthy + Self.failing) {
            let feed = try #require(during[number])
            #expect(feed["consecutiveFailures"] as? Int == 1, "feed \(number): \(feed)")
            #expect((feed["lastError"] as? String)?.hasPrefix("HTTP 500") == true, "feed \(number): \(feed)")
        }

        let partial = try await daemon.tidings(["search", "lorem", "--limit", "1000", "--json"])
        #expect(partial.status == 0, "\(partial)")
        #expect(partial.err == "search is partial: 3 items are not indexed yet (\(full))\n", "\(partial)")
        // A change the user asks for is refused as what it is, not as a bug of the daemon's.
        let tagged = try await daemon.tidings(["tag", "1", "+full"])
        #expect(tagged.status == 1, "\(tagged)")
        #expect(tagged.err.contains(full) && !tagged.err.contains("Internal error"), "\(tagged)")
        let partialHits = try Self.json(partial)
        #expect(partialHits["partial"] as? Bool == true && partialHits["unindexed"] as? Int == 3, "\(partialHits)")
        #expect((partialHits["hits"] as? [[String: Any]])?.count == 15, "\(partialHits)")

        // Room again: the scheduled pass stores what waits, without a refresh, a minute after
        // the refusal as documented (not at the scheduler's next whole minute after that).
        try FileManager.default.removeItem(atPath: filler)
        let deadline = refused + .seconds(150)
        var recovered: [String: Any] = [:]
        var pastNextRefresh: [String] = []
        repeat {
            try await Task.sleep(for: .seconds(2))
            recovered = try Self.json(try await daemon.tidings(["status", "--json"]))
            if let next = (recovered["nextRefresh"] as? String).flatMap(Self.iso8601), next < Date() - 2 {
                pastNextRefresh.append(recovered["nextRefresh"] as? String ?? "")
            }
        } while !(recovered["storage"] is NSNull) && ContinuousClock.now < deadline
        let waited = ContinuousClock.now - refused
        #expect(recovered["storage"] is NSNull, "the storage error stayed: \(recovered)\n\(daemon.log())")
        #expect(waited < .seconds(75), "retried \(waited) after the refusal, not a minute")
        #expect(pastNextRefresh.isEmpty, "status showed a next refresh in the past: \(pastNextRefresh)")
        let items = Self.healthy * 40 + Self.failing * 3
        #expect(recovered["items"] as? Int == items, "\(recovered)")
        #expect(recovered["failingFeeds"] as? Int == Self.failing, "\(recovered)")
        #expect(daemon.log().contains("the database accepts writes again"), "\(daemon.log())")
        let written = try await ManyFeeds.sqlite3(database, "SELECT id, failures, last_error IS NOT NULL FROM feed ORDER BY id;")
        #expect(written == "1|0|0\n2|0|0\n3|0|0\n4|0|0\n5|1|1\n6|1|1", "the failures are in the database")

        let complete = try await daemon.tidings(["search", "lorem", "--limit", "1000", "--json"])
        #expect(complete.status == 0 && complete.err.isEmpty, "\(complete)")
        let completeHits = try Self.json(complete)
        #expect(completeHits["partial"] as? Bool == false && completeHits["unindexed"] as? Int == 0, "\(completeHits)")
        #expect((completeHits["hits"] as? [[String: Any]])?.count == items, "\(completeHits)")
        #expect(await daemon.stop() == 0)
    }

    /// `feeds --json` by feed number.
    private static func feedList(_ daemon: DaemonHarness) async throws -> [Int: [String: Any]] {
        let listed = try json(try await daemon.tidings(["feeds", "--json"]))
        let feeds = listed["feeds"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: feeds.compactMap { feed in (feed["number"] as? Int).map { ($0, feed) } })
    }

    private static func json(_ result: ProcessResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    private static func iso8601(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }

    /// Writes zeros to `path` until the file system has no block left.
    private static func fill(_ path: String) async throws {
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/dd"), ["if=/dev/zero", "of=\(path)", "bs=4096"], environment: ["LANG": "C.UTF-8"])
        #expect(result.err.contains("No space left on device"), "\(result)")
    }

    private static func run(_ tool: String, _ arguments: [String]) async throws -> String {
        try await ProcessResult.run(URL(fileURLWithPath: tool), arguments, environment: ["LANG": "C.UTF-8"]).out
    }
}

/// A tmpfs mounted on a directory for a test, unmounted by `unmount()` (lazily, so that a
/// daemon still holding files there cannot keep it).
struct TmpfsMount {
    let path: String

    /// Mounts a tmpfs of `size` (`16m`) on `path`, which must exist.
    init(at path: String, size: String) throws {
        self.path = path
        let status = Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tidings-test", path])
        guard status == 0 else { throw HarnessError("mount -t tmpfs on \(path) failed with status \(status)") }
    }

    func unmount() {
        _ = Self.run("/usr/bin/umount", ["-l", path])
    }


    /// Whether this process may mount a tmpfs: tried once on a directory of its own.
    static let isPermitted: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-mount-\(UUID().uuidString.prefix(8))").path
        guard (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard let mount = try? TmpfsMount(at: probe, size: "1m") else { return false }
        mount.unmount()
        return true
    }()

    /// Runs `tool` and waits: mounting is quick, and the caller may be a `defer`.
    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
