import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SubscribeRouterTests {
    @Test func assemblesAModuleThatPrintsToTheTerminal() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Subscribe.self, .init(feed: Fixtures.feed(1, title: "Evil \u{1B}[31mRed\u{1B}[0m \u{202E}Feed"), itemCount: 2))
        let status = await SubscribeRouter.assemble(url: "https://x/", dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Subscribed to \"Evil Red Feed\" (2 items)\n")
        #expect(test.terminal.dangerousScalars.isEmpty)
    }

    @Test func sendsTagsAndTitle() async {
        let test = ModuleTestDependencies()
        var feed = Fixtures.feed(1, title: "Mine")
        feed.tags = ["linux"]
        test.daemon.stub(RPC.Subscribe.self, .init(feed: feed, itemCount: 0))
        let request = SubscribeRequest(url: "https://x/", tags: ["linux"], title: "Mine")
        #expect(await SubscribeRouter.assemble(request: request, dependencies: test.dependencies).run() == .success)
        #expect(test.daemon.params(of: RPC.Subscribe.self) == [.init(url: "https://x/", tags: ["linux"], title: "Mine")])
        #expect(test.terminal.out == "Subscribed to \"Mine\" (0 items), tagged linux\n")
    }

    @Test func severalFeedsAreListedOnStdoutAndTheCommandFails() async {
        let test = ModuleTestDependencies()
        let candidates = [
            FeedCandidate(url: "https://example.org/feed.xml", title: "Posts", type: "application/rss+xml"),
            FeedCandidate(url: "https://example.org/comments.xml", title: "Comments", type: "application/rss+xml"),
        ]
        test.daemon.fail(RPC.Subscribe.self, with: RPCError(.severalFeeds, "several", data: RPCErrorData(candidates: candidates)))
        let status = await SubscribeRouter.assemble(url: "https://example.org/", dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.outLines == [
            "https://example.org/ offers 2 feeds:",
            "  1  Posts     https://example.org/feed.xml",
            "  2  Comments  https://example.org/comments.xml",
            "Subscribe to one with: tidings subscribe URL",
        ])
        #expect(test.terminal.err.isEmpty)
    }

    @Test func aFailureIsOneLineOnStderr() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.Subscribe.self, with: RPCError(.fetchFailed, "HTTP 404 Not Found"))
        let status = await SubscribeRouter.assemble(url: "http://h/missing.xml", dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: cannot subscribe to http://h/missing.xml: HTTP 404 Not Found\n")
    }

    @Test func navigatingToExitRecordsTheStatus() {
        let router = SubscribeRouter()
        router.navigate(to: .exit(.daemonUnreachable))
        #expect(router.exitStatus == .daemonUnreachable)
    }
}
