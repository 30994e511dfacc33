import Foundation
import Testing
import TestSupport

/// A daemon subscribed to two local feeds: 1 Planet Terminal (rss2.xml, tagged `news` and
/// `terminal`) and 2 Kernel Notes (atom.xml, no tag), for the command-line tests that need answers.
enum TaggedFeeds {
    /// Runs `body` with the daemon, then stops the feed server.
    static func with(_ body: (DaemonHarness) async throws -> Void) async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/rss.xml", .ok(try WorkflowTests.fixture("rss2.xml")))
        server.route("/atom.xml", .ok(try WorkflowTests.fixture("atom.xml"), contentType: "application/atom+xml"))
        let daemon = try await DaemonHarness()
        for arguments in [["subscribe", server.url("/rss.xml"), "--tag", "news", "--tag", "terminal"], ["subscribe", server.url("/atom.xml")]] {
            let subscribed = try await daemon.tidings(arguments)
            try #require(subscribed.status == 0, "\(subscribed)")
        }
        try await body(daemon)
    }
}
