#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// A daemon that stops answering (SIGSTOP here; a stuck disk or a deadlock alike) is named by
/// every client within its deadline, with its pid, exit status 3; a daemon at work on a long
/// request keeps the client waiting with its keep-alives instead.
@Suite(.timeLimit(.minutes(2)))
struct UnansweringDaemonTests {
    @Test func aStoppedDaemonIsNamedWithinTheDeadlineAndALongRefreshIsNot() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 3)))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h")
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        let deadline = ["TIDINGS_TIMEOUT": "8"]

        // Slower than the deadline, answered all the same: the keep-alives count.
        server.route("/feed.xml", TestHTTPResponse(body: Array(ManyFeeds.rss(feed: 1, items: 4).utf8), delay: .seconds(14)))
        let slow = try await daemon.tidings(["refresh"], environment: deadline)
        #expect(slow.status == 0, "\(slow)")
        #expect(slow.out.contains("1 new item"), "\(slow)")

        daemon.signal(SIGSTOP)
        defer { daemon.signal(SIGCONT) }
        let clock = ContinuousClock()
        let started = clock.now
        for command in [["status"], ["refresh"], ["tag", "1", "+x"]] {
            let silent = try await daemon.tidings(command, environment: ["TIDINGS_TIMEOUT": "2"])
            #expect(silent.status == 3, "\(command): \(silent)")
            #expect(silent.err.contains("the daemon (pid \(daemon.pid)) is not answering: nothing came for 2 s"), "\(silent)")
            #expect(silent.err.contains("it is stopped (kill -CONT \(daemon.pid) resumes it)"), "\(silent)")
            #expect(silent.err.split(separator: "\n").count == 1, "one line: \(silent)")
        }
        #expect(clock.now - started < .seconds(20), "each within its deadline")

        daemon.signal(SIGCONT)
        let resumed = try await daemon.tidings(["status"])
        #expect(resumed.status == 0, "\(resumed)")
        #expect(await daemon.stop() == 0)
    }
}
