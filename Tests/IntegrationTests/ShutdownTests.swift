import Glibc
import Foundation
import Synchronization
import Testing
import TestSupport

/// SIGTERM while a refresh of 200 slow feeds is in flight: the daemon aborts the transfers,
/// commits, removes its socket and exits 0 within 5 seconds, and the database is intact.
@Suite(.timeLimit(.minutes(2)), .enabled(if: ManyFeeds.haveSQLite3, "the sqlite3 tool is missing (make test installs it)"))
struct ShutdownTests {
    @Test func sigtermDuringARefreshOfSlowFeedsExitsCleanlyWithin5Seconds() async throws {
        try await stopDuringSlowRefresh(withWaitingClient: false)
    }

    @Test func sigtermWhileAClientWaitsForTheRefreshAlsoEndsTheClientsWait() async throws {
        try await stopDuringSlowRefresh(withWaitingClient: true)
    }

    /// Subscribes 200 slow feeds (the import refreshes them at once), waits until at least 16
    /// transfers are in flight, optionally starts a `tidings refresh` that waits for them, and
    /// sends SIGTERM.
    func stopDuringSlowRefresh(withWaitingClient: Bool) async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        // Half the feeds trickle their body (64 bytes every half second: ~25 s for a feed),
        // half keep the client waiting 30 s for the headers.
        var urls: [String] = []
        for feed in 0..<200 {
            let body = Array(ManyFeeds.rss(feed: feed, items: 8).utf8)
            let headers = [("Content-Type", "application/rss+xml; charset=utf-8")]
            let response = feed.isMultiple(of: 2)
                ? TestHTTPResponse(status: 200, headers: headers, body: body, pace: (bytes: 64, every: .milliseconds(500)))
                : TestHTTPResponse(status: 200, headers: headers, body: body, delay: .seconds(30))
            server.route("/slow/\(feed).xml", response)
            urls.append(server.url("/slow/\(feed).xml"))
        }
        // The default of 2 transfers per host would keep all but two feeds queued.
        let daemon = try await DaemonHarness(config: "concurrency: 32\nper_host_concurrency: 32", logLevel: "info")

        let imported = try await ManyFeeds.importAll(urls, directory: daemon.directory, tidings: { try await daemon.tidings($0) })
        #expect(imported.status == 0, "\(imported)")
        let clock = ContinuousClock()
        let waitDeadline = clock.now + .seconds(20)
        while server.requests.count < 16, clock.now < waitDeadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(server.requests.count >= 16, "\(server.requests.count) requests\n\(daemon.log())")
        // A client waiting for a refresh: its first progress notification shows the daemon is
        // working on the request (a client process started in the background could still be
        // starting when SIGTERM comes, on a loaded machine).
        let waiting = withWaitingClient ? try RawSocket(path: daemon.socketPath) : nil
        defer { waiting?.close() }
        var answer: Task<String?, any Error>?
        if let waiting {
            try waiting.send(#"{"jsonrpc":"2.0","id":7,"method":"refresh","params":{}}"# + "\n")
            let first = try await BlockingThreads.one { try waiting.readLine() }
            #expect(first?.contains("refresh.progress") == true, "\(first ?? "closed")")
            // Reads on only two seconds after the SIGTERM, as a client on a loaded machine
            // may: its answer must not wait behind a progress line for every abandoned feed
            // (enough to fill the socket's buffer), or the one second the daemon gives a client
            // that does not read would close it unanswered (CI saw that once under load).
            answer = Task {
                try await BlockingThreads.one { () -> String? in
                    Thread.sleep(forTimeInterval: 2)
                    while let line = try waiting.readLine() {
                        if line.contains(#""id":7"#) { return line }
                    }
                    return nil
                }
            }
        } else {
            try await Task.sleep(for: .milliseconds(300))
        }

        let start = clock.now
        daemon.signal(SIGTERM)
        while daemon.isRunning, clock.now < start + .seconds(20) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let elapsed = clock.now - start
        if daemon.isRunning { daemon.signal(SIGKILL) }
        let status = await daemon.stop()
        print("ShutdownTests: \(server.requests.count) requests seen; SIGTERM to exit took \(elapsed)")

        #expect(elapsed < .seconds(5), "exit took \(elapsed) (SIGKILL after 20 s)\n\(daemon.log())")
        #expect(status == 0, "exit status \(status)\n\(daemon.log())")
        #expect(!daemon.log().contains("Deinited"), "\(daemon.log())")
        // A stop is no failure: nothing logs the cancellation it brings as an error.
        #expect(!daemon.log().contains("CancellationError"), "\(daemon.log())")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath), "the socket file is left behind")
        #expect(try await ManyFeeds.integrityCheck(daemon.databasePath) == "ok")

        // The waiting client got its answer (the refresh's outcomes, cut short) before the
        // connection closed.
        guard let answer else { return }
        let line = try await answer.value
        #expect(line?.contains(#""result""#) == true, "\(line ?? "closed without an answer")\n\(daemon.log())")
    }
}

extension ShutdownTests {
    /// `tidings stop` ends the daemon as SIGTERM does (exit status 0) and returns once it has
    /// ended; with none running it says so and starts nothing; one systemd runs is left to
    /// systemctl, which the error names.
    @Test func tidingsStopEndsTheDaemonAndStartsNone() async throws {
        let daemon = try await DaemonHarness()
        let stopped = try await daemon.tidings(["stop"])
        #expect(stopped.status == 0, "\(stopped)")
        #expect(stopped.out.hasPrefix("Stopped tidingsd (pid "), "\(stopped)")
        // It had ended when `stop` returned: no waiting for it here beyond the reaping.
        #expect(await daemon.exitStatus(within: .seconds(1)) == 0)
        // Autostart allowed, even: stop never starts a daemon to stop it.
        let again = try await daemon.tidings(["stop"], environment: ["TIDINGS_NO_AUTOSTART": ""])
        #expect(again.status == 0 && again.out == "tidingsd is not running\n", "\(again)")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))

        let unit = try await DaemonHarness(environment: ["INVOCATION_ID": "0123456789abcdef"])
        let refused = try await unit.tidings(["stop"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.err.contains("systemctl --user stop tidingsd"), "\(refused)")
        #expect(unit.isRunning)
        #expect(await unit.stop() == 0)
    }

    /// After a stop the database file alone holds every commit: the write-ahead log was
    /// folded in and emptied, so a copy of the file (a user's backup, the next start) lacks
    /// nothing, down to a read mark made just before the stop.
    @Test func aStopLeavesEveryCommitInTheDatabaseFileItself() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/rss.xml", .ok(try EndToEndTests.fixture("rss2.xml")))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/rss.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let read = try await daemon.tidings(["read", "2"])
        #expect(read.status == 0, "\(read)")
        let wal = daemon.databasePath + "-wal"
        let logged = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(logged > 0, "the changes were in the write-ahead log before the stop")

        let stopped = try await daemon.tidings(["stop"])
        #expect(stopped.status == 0, "\(stopped)")
        #expect(await daemon.exitStatus(within: .seconds(5)) == 0)
        let left = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(left == 0, "\(left) bytes left in the write-ahead log\n\(daemon.log())")
        let copy = daemon.directory.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: daemon.databasePath, toPath: copy)
        #expect(try await ManyFeeds.sqlite3(copy, "SELECT count(*), sum(is_read) FROM item;") == "3|1")
    }
}
