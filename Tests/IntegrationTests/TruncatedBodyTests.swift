import Foundation
import Synchronization
import Testing
import TestSupport

/// A 200 whose body stops early (with a `Content-Length` that matches what came, so the
/// transfer itself looks complete) is a failed fetch: the items before the cut are kept, the
/// feed shows the error, and the next fetch is a full one.
@Suite(.timeLimit(.minutes(2)))
struct TruncatedBodyTests {
    /// An RSS document of `count` items, newest first, guids `i1`…
    static func feed(items count: Int) -> String {
        let items = (1...count).map { number in
            "<item><title>Item \(number)</title><guid>i\(number)</guid><link>https://t.example/\(number)</link>"
                + "<description>Text of item \(number), long enough to make the body worth compressing.</description></item>"
        }
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>Cut</title>"
            + "<link>https://t.example/</link>\n" + items.joined(separator: "\n") + "\n</channel></rss>\n"
    }

    /// `bytes` compressed by the system's `gzip`.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-gz-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n", input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// The piped `tidings feeds` line of the only feed, split at its tabs.
    static func feedLine(_ daemon: DaemonHarness) async throws -> [String] {
        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0, "\(feeds)")
        return feeds.out.split(separator: "\n").first.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) } ?? []
    }

    /// Serves a complete feed with validators, then `cut` (once), then the complete feed again;
    /// returns the requests the refreshes made.
    static func refreshThrough(cut: TestHTTPResponse, itemsBeforeCut: ClosedRange<Int>) async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let responses = Mutex([
            TestHTTPResponse(
                status: 200, headers: [("Content-Type", "application/rss+xml"), ("ETag", "\"v1\""),
                                       ("Last-Modified", "Sat, 21 Nov 2026 10:00:00 GMT")],
                body: Array(feed(items: 2).utf8)),
            cut,
        ])
        let whole = TestHTTPResponse(
            status: 200, headers: [("Content-Type", "application/rss+xml"), ("ETag", "\"v3\"")],
            body: Array(feed(items: 50).utf8))
        server.route("/feed.xml") { _ in responses.withLock { $0.isEmpty ? whole : $0.removeFirst() } }
        let daemon = try await DaemonHarness()

        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.out.contains("truncated") || refreshed.err.contains("truncated"), "\(refreshed)")

        // Failing with the error, holding the items that came before the cut.
        let line = try await feedLine(daemon)
        #expect(line.count >= 9, "\(line)")
        if line.count >= 9 {
            #expect(line[6].contains("truncated"), "\(line)")
            #expect(line[7] == "failing", "\(line)")
            #expect(line[8] == "1", "\(line)")
            #expect(itemsBeforeCut.contains(Int(line[2]) ?? -1), "\(line)")
        }
        let list = try await daemon.tidings(["list", "--all"])
        #expect(list.out.contains("Item 1") && list.out.contains("Item 5"), "\(list)")

        // The validators of the first answer are gone with the cut one: the next fetch is full.
        let again = try await daemon.tidings(["refresh"])
        #expect(again.status == 0, "\(again)")
        let requests = server.requests(for: "/feed.xml")
        #expect(requests.count == 3, "\(requests)")
        if let last = requests.last {
            #expect(last.header("If-None-Match") == nil, "\(last)")
            #expect(last.header("If-Modified-Since") == nil, "\(last)")
        }
        let healthy = try await feedLine(daemon)
        #expect(healthy.count >= 9 && healthy[7] == "ok" && healthy[2] == "50", "\(healthy)")
        #expect(await daemon.stop() == 0)
    }

    @Test func aGzipBodyCutInHalfIsAFailedFetch() async throws {
        let compressed = try Self.gzip(Array(Self.feed(items: 50).utf8))
        let half = Array(compressed.prefix(compressed.count / 2))
        try await Self.refreshThrough(
            cut: TestHTTPResponse(
                status: 200,
                headers: [("Content-Type", "application/rss+xml"), ("Content-Encoding", "gzip"),
                          ("Content-Length", "\(half.count)"), ("ETag", "\"v2\"")],
                body: half),
            itemsBeforeCut: 5...49)
    }

    @Test func aPlainBodyCutInsideAnItemIsAFailedFetch() async throws {
        let document = Array(Self.feed(items: 50).utf8)
        let marker = Array("<title>Item 30</title>".utf8)
        let at = try #require((0...(document.count - marker.count)).first { Array(document[$0..<($0 + marker.count)]) == marker })
        let cut = Array(document.prefix(at + 10))
        try await Self.refreshThrough(
            cut: TestHTTPResponse(
                status: 200,
                headers: [("Content-Type", "application/rss+xml"), ("Content-Length", "\(cut.count)"),
                          ("ETag", "\"v2\""), ("Last-Modified", "Sat, 21 Nov 2026 11:00:00 GMT")],
                body: cut),
            itemsBeforeCut: 29...29)
    }

    @Test func subscribingToACutDocumentKeepsItsItemsAndShowsTheFeedFailing() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let document = Self.feed(items: 10)
        let cut = Array(document.utf8.prefix(document.utf8.count - 30))
        server.route("/feed.xml", TestHTTPResponse(
            status: 200, headers: [("Content-Type", "application/rss+xml"), ("ETag", "\"v1\"")], body: cut))
        let daemon = try await DaemonHarness()

        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let line = try await Self.feedLine(daemon)
        #expect(line.count >= 9 && line[6].contains("truncated") && line[7] == "failing" && line[2] == "9", "\(line)")
        _ = try await daemon.tidings(["refresh"])
        #expect(server.requests(for: "/feed.xml").last?.header("If-None-Match") == nil)
        #expect(await daemon.stop() == 0)
    }

    /// A document cut after its last item's end tag, before `</channel></rss>`: the daemon
    /// keeps every item `tidingsd parse` reads from it, the last one too.
    @Test func aDocumentCutBeforeItsEndKeepsEveryItemParseReads() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let document = Self.feed(items: 2).replacingOccurrences(of: "\n</channel></rss>\n", with: "\n")
        server.route("/feed.xml", TestHTTPResponse(
            status: 200, headers: [("Content-Type", "application/rss+xml")], body: Array(document.utf8)))
        let daemon = try await DaemonHarness()
        let file = daemon.directory.appendingPathComponent("cut.xml")
        try document.write(to: file, atomically: true, encoding: .utf8)
        let parsed = try await ProcessResult.run(Binaries.daemon, ["parse", file.path], environment: DaemonHarness.baseEnvironment(home: daemon.directory.path))
        #expect(parsed.out.contains("\"Item 1\"") && parsed.out.contains("\"Item 2\""), "\(parsed)")

        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let list = try await daemon.tidings(["list", "--all"])
        #expect(list.out.contains("Item 1") && list.out.contains("Item 2"), "\(list)")
        #expect(await daemon.stop() == 0)
    }
}
