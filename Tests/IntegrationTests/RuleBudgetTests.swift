import Glibc
import Foundation
import Synchronization
import Testing
import TestSupport

/// Rules whose regular expression backtracks catastrophically on the titles of a local feed
/// (`/^(a+)+$/` on a's and a `!`: 95 s a title with Swift's Regex): the real daemon stores the
/// items, skips the rule for them and says so; `status` answers while it matches; SIGTERM in the
/// middle of matching stops it within the bound ReloadTests and ShutdownTests hold it to.
@Suite(.timeLimit(.minutes(3)))
struct RuleBudgetTests {
    /// A title the expression gives up on only after about 0.6 s with ICU, six budgets.
    static let slowTitle = String(repeating: "a", count: 64) + "!"

    static func feed(slowItems: Int, plain: Bool) -> String {
        let slow = (1...slowItems).map { "<item><title>\(slowTitle)</title><guid>s\($0)</guid></item>" }
        let plainItem = plain ? ["<item><title>Plain news</title><guid>p</guid></item>"] : []
        return """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Slow Feed</title><link>https://example.org/</link>
            \((slow + plainItem).joined(separator: "\n"))
            </channel></rss>
            """
    }

    @Test func aRuleThatRunsOutOfTimeIsSkippedAndTheItemsAreStored() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.feed(slowItems: 3, plain: true)))
        let daemon = try await DaemonHarness(config: """
            rules:
              - {name: slow, title: "/^(a+)+$/", actions: [hide]}
              - {name: plain, title: "/^Plain/", actions: [star]}
            """)

        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        let listed = try await daemon.tidings(["list", "--all", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [String: Any])["items"] as? [[String: Any]]
        #expect(items?.count == 4, "stored, none hidden: \(listed)")
        #expect(items?.filter { $0["starred"] as? Bool == true }.compactMap { $0["title"] as? String } == ["Plain news"])
        #expect(await daemon.waitForLog("rule 'slow' skipped for item", occurrences: 3), "\(daemon.log())")
        #expect(daemon.log().contains("of feed 1: still matching after 0.1 seconds"), "\(daemon.log())")

        // The dry run cannot tell, and says which rule and item.
        let test = try await daemon.tidings(["rules", "test", "slow"])
        #expect(test.status == 1 && test.err.contains("rule 'slow' was still matching item"), "\(test)")
        #expect(await daemon.stop() == 0)
    }

    /// Thirty such rules on six items: 30 × 5 budgets, some 15 s of matching in the store's
    /// writer, unless SIGTERM cuts it short.
    @Test func sigtermInTheMiddleOfMatchingStopsTheDaemonAndStatusAnswersMeanwhile() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.feed(slowItems: 6, plain: false)))
        let rules = (1...30).map { "  - {name: slow\($0), title: \"/^(a+)+$/\", actions: [hide]}" }
        let daemon = try await DaemonHarness(config: "rules:\n" + rules.joined(separator: "\n"), logLevel: "info")

        let finished = Atomic<Bool>(false)
        let subscribing = Task {
            defer { finished.store(true, ordering: .relaxed) }
            return try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        }
        #expect(await daemon.waitForLog("rule 'slow1' skipped for item", timeout: .seconds(20)), "\(daemon.log())")
        let status = try await daemon.tidings(["status"])
        #expect(status.status == 0, "\(status)")
        let subscriptionDone = finished.load(ordering: .relaxed)
        #expect(!subscriptionDone, "status answered while the rules were matching")

        let (exit, elapsed) = await daemon.terminate()
        print("RuleBudgetTests: SIGTERM during matching to exit took \(elapsed)")
        #expect(elapsed < ReloadTests.stopWithin, "exit took \(elapsed)\n\(daemon.log())")
        #expect(exit == 0, "\(daemon.log())")
        let subscribed = try await subscribing.value
        #expect(subscribed.status != 0, "the subscription was cut short: \(subscribed)")
        let overruns = daemon.log().components(separatedBy: "skipped for item").count - 1
        #expect(overruns < 30 * 5, "matching stopped early: \(overruns) overruns")
        print("RuleBudgetTests: \(overruns) overruns logged before the stop:\n\(daemon.log().split(separator: "\n").suffix(4).joined(separator: "\n"))")
    }
}
