import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SubscribeRouterTests {
    @Test func assemblesAModuleThatPrintsToTheTerminal() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Subscribe.self, .init(feed: Fixtures.feed(1, title: "Evil \u{1B}[31mRed\u{1B}[0m \u{202E}Feed"), itemCount: 2))
        let status = await SubscribeRouter.assemble(url: "https://planet.example.org/rss.xml", dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Subscribed to \"Evil Red Feed\" (2 items)\n")
        #expect(test.terminal.dangerousScalars.isEmpty)
    }

    @Test func sendsTagsAndTitle() async {
        let test = ModuleTestDependencies()
        var feed = Fixtures.feed(1, title: "Mine")
        feed.tags = ["linux"]
        test.daemon.stub(RPC.Subscribe.self, .init(feed: feed, itemCount: 0))
        let request = SubscribeRequest(url: "https://planet.example.org/rss.xml", tags: ["linux"], title: "Mine")
        #expect(await SubscribeRouter.assemble(request: request, json: false, dependencies: test.dependencies).run() == .success)
        #expect(test.daemon.params(of: RPC.Subscribe.self) == [.init(url: "https://planet.example.org/rss.xml", tags: ["linux"], title: "Mine")])
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

    @Test func jsonPrintsTheFeedAndTheItemsStored() async {
        let test = ModuleTestDependencies()
        var feed = Fixtures.feed(7, title: "Mine \u{1B}[31m", items: 0, unread: 2)
        feed.tags = ["linux"]
        test.daemon.stub(RPC.Subscribe.self, .init(feed: feed, itemCount: 2))
        let request = SubscribeRequest(url: "https://planet.example.org/rss.xml", tags: ["linux"])
        #expect(await SubscribeRouter.assemble(request: request, json: true, dependencies: test.dependencies).run() == .success)
        #expect(test.terminal.out == #"{"feed":{"number":7,"title":"Mine","url":"https://planet.example.org/rss.xml","siteLink":"https://planet.example.org/","unread":2,"total":2,"lastRefreshed":"2026-11-22T10:00:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["linux"],"settings":{},"synced":false},"items":2}"# + "\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func jsonListsSeveralFeedsAsCandidatesAndFails() async {
        let test = ModuleTestDependencies()
        let candidates = [
            FeedCandidate(url: "https://example.org/feed.xml", title: "Posts", type: "application/rss+xml"),
            FeedCandidate(url: "https://example.org/atom.xml", title: nil, type: "application/atom+xml"),
        ]
        test.daemon.fail(RPC.Subscribe.self, with: RPCError(.severalFeeds, "several", data: RPCErrorData(candidates: candidates)))
        let request = SubscribeRequest(url: "https://example.org/")
        #expect(await SubscribeRouter.assemble(request: request, json: true, dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.out == #"{"candidates":[{"url":"https://example.org/feed.xml","title":"Posts","type":"application/rss+xml"},{"url":"https://example.org/atom.xml","title":null,"type":"application/atom+xml"}]}"# + "\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func jsonFailuresAreStillOneLineOnStderr() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.Subscribe.self, with: RPCError(.notAFeed, "not a feed: text/html"))
        let request = SubscribeRequest(url: "https://example.org/")
        #expect(await SubscribeRouter.assemble(request: request, json: true, dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: cannot subscribe to https://example.org/: not a feed: text/html\n")
    }

    @Test func aFailureIsOneLineOnStderr() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.Subscribe.self, with: RPCError(.fetchFailed, "HTTP 404 Not Found"))
        let status = await SubscribeRouter.assemble(url: "http://h/missing.xml", dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: cannot subscribe to http://h/missing.xml: HTTP 404 Not Found\n")
    }

    @Test func theModuleEndsWithTheStatusThePresenterReturns() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await SubscribeRouter.assemble(url: "https://x/", dependencies: test.dependencies).run() == .daemonUnreachable)
    }
}
