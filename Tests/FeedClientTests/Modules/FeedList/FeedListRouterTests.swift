import FeedIPC
import Testing
@testable import FeedClient

struct FeedListRouterTests {
    @Test func choosesJSONWhenAskedAndPlainLinesOffATerminal() async {
        let plain = ModuleTestDependencies(isTTY: false)
        plain.daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1)]))
        #expect(await FeedListRouter.assemble(json: false, dependencies: plain.dependencies).run() == .success)
        #expect(plain.terminal.out.contains("\t"))

        let json = ModuleTestDependencies(isTTY: true)
        json.daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1)]))
        #expect(await FeedListRouter.assemble(json: true, dependencies: json.dependencies).run() == .success)
        #expect(json.terminal.out.hasPrefix("{\"feeds\":["))
    }

    @Test func aTableOnATerminal() async {
        let test = ModuleTestDependencies(isTTY: true, width: 70)
        test.daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1, lastRefreshed: Fixtures.now.addingTimeInterval(-120))]))
        #expect(await FeedListRouter.assemble(json: false, dependencies: test.dependencies).run() == .success)
        #expect(test.terminal.out == "1   3/10  2 min ago  Planet Terminal\n")
    }

    @Test func aTagFiltersAtTheDaemonAndTagsFollowTheTitle() async {
        let test = ModuleTestDependencies(isTTY: true, width: 70)
        var feed = Fixtures.feed(1, lastRefreshed: Fixtures.now.addingTimeInterval(-120))
        feed.tags = ["linux", "news"]
        test.daemon.stub(RPC.ListFeeds.self, .init(feeds: [feed]))
        #expect(await FeedListRouter.assemble(json: false, tag: "Linux", dependencies: test.dependencies).run() == .success)
        // A table asks for the listing form; `--json` writes members only whole feeds have.
        #expect(test.daemon.params(of: RPC.ListFeeds.self) == [.init(tag: "Linux", listing: true)])
        #expect(test.terminal.out == "1   3/10  2 min ago  Planet Terminal [linux, news]\n")
        let json = ModuleTestDependencies(isTTY: true, width: 70)
        json.daemon.stub(RPC.ListFeeds.self, .init(feeds: [feed]))
        #expect(await FeedListRouter.assemble(json: true, dependencies: json.dependencies).run() == .success)
        #expect(json.daemon.params(of: RPC.ListFeeds.self) == [.init()])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/run/user/1000/tidings/tidingsd.sock", reason: .noSocket)
        #expect(await FeedListRouter.assemble(json: true, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: the daemon is not running (no socket at /run/user/1000/tidings/tidingsd.sock); start it with 'tidingsd run &'\n")
    }
}
