import Glibc
import Foundation
import Testing
import TestSupport

/// A daemon that stops answering (SIGSTOP here; a stuck disk or a deadlock alike) is named by
/// every client within its deadline, with its pid, exit status 3; a daemon at work on a long
/// request keeps the client waiting with its keep-alives instead.
@Suite(.timeLimit(.minutes(2)))
struct UnansweringDaemonTests {
    @Test func aStoppedDaemonIsNamedAtTheDeadlineAndALongRefreshIsNot() async throws {
        let (server, daemon) = try await Self.daemonWithAFeed()
        defer { Task { try? await server.stop() } }
        let deadline = ["TIDINGS_TIMEOUT": "8"]

        // Slower than the deadline, answered all the same: the keep-alives count.
        server.route("/feed.xml", TestHTTPResponse(body: Array(ManyFeeds.rss(feed: 1, items: 4).utf8), delay: .seconds(14)))
        let slow = try await daemon.tidings(["refresh"], environment: deadline)
        #expect(slow.status == 0, "\(slow)")
        #expect(slow.out.contains("1 new item"), "\(slow)")

        daemon.signal(SIGSTOP)
        defer { daemon.signal(SIGCONT) }
        // Each gives up after its 2 s (the message says so; a client without a deadline would
        // hang until the suite's time limit), whatever the load on the machine adds.
        for command in [["status"], ["refresh"], ["tag", "1", "+x"]] {
            let silent = try await daemon.tidings(command, environment: ["TIDINGS_TIMEOUT": "2"])
            #expect(silent.status == 3, "\(command): \(silent)")
            #expect(silent.err.contains("the daemon (pid \(daemon.pid)) is not answering: nothing came for 2 s"), "\(silent)")
            #expect(silent.err.contains("it is stopped (kill -CONT \(daemon.pid) resumes it)"), "\(silent)")
            #expect(silent.err.split(separator: "\n").count == 1, "one line: \(silent)")
        }

        daemon.signal(SIGCONT)
        let resumed = try await daemon.tidings(["status"])
        #expect(resumed.status == 0, "\(resumed)")
        #expect(await daemon.stop() == 0)
    }

    @Test func aLongRequestGetsAKeepAliveEveryFiveSecondsUntilItsAnswer() async throws {
        let (server, daemon) = try await Self.daemonWithAFeed()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", TestHTTPResponse(body: Array(ManyFeeds.rss(feed: 1, items: 4).utf8), delay: .seconds(13)))

        let path = daemon.socketPath
        let lines = try await BlockingThreads.one { () -> [(line: String, at: Duration)] in
            let socket = try RawSocket(path: path, timeout: 60)
            defer { socket.close() }
            let clock = ContinuousClock()
            let start = clock.now
            try socket.send(#"{"jsonrpc":"2.0","id":1,"method":"refresh","params":{}}"# + "\n")
            var lines: [(line: String, at: Duration)] = []
            while let line = try socket.readLine(keepAlives: true) {
                lines.append((line, clock.now - start))
                if line.contains(#""id":1"#) { break }
            }
            return lines
        }
        let keepAlives = lines.filter { $0.line == #"{"jsonrpc":"2.0","method":"daemon.working"}"# }
        #expect(keepAlives.count >= 2, "\(lines)")
        #expect(keepAlives.first.map { $0.at >= .seconds(4) } == true, "not before the request is long: \(lines)")
        let gaps = zip(lines.dropFirst(), lines).map { $0.at - $1.at }
        #expect(gaps.allSatisfy { $0 < .seconds(7) }, "never long silent: \(lines)")
        #expect(lines.last?.line.contains(#""result""#) == true, "\(lines)")
        #expect(await daemon.stop() == 0)
    }

    /// A daemon subscribed to one feed of three items served from 127.0.0.1.
    private static func daemonWithAFeed() async throws -> (TestHTTPServer, DaemonHarness) {
        let server = try await TestHTTPServer.start()
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 3)))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h")
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        return (server, daemon)
    }
}
