import FeedIPC
import Testing
@testable import FeedClient

struct ItemListRouterTests {
    @Test func pipedOutputIsPlainLinesWithoutADefaultLimit() async {
        let test = ModuleTestDependencies(isTTY: false)
        var starred = Fixtures.item(1, title: "First", link: "https://x.example/1", published: nil, isRead: true)
        starred.isStarred = true
        test.daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(2, title: "Second", link: "https://x.example/2"), starred]))
        let status = await ItemListRouter.assemble(query: .init(), json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.outLines == [
            "2\t2026-11-22T10:00:00Z\tPlanet Terminal\tSecond\thttps://x.example/2\tunread",
            "1\t2026-11-21T10:00:00Z\tPlanet Terminal\tFirst\thttps://x.example/1\tread,starred",
        ])
        #expect(test.daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true)])
    }

    @Test func aTerminalTableListsOneScreen() async {
        let test = ModuleTestDependencies(isTTY: true)  // 24 rows: 22 items
        test.daemon.stub(RPC.ListItems.self, .init(items: (1...23).map { Fixtures.item(Int64(100 - $0), title: "T") }))
        let status = await ItemListRouter.assemble(query: .init(), json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true, limit: 23)])
        #expect(test.terminal.outLines.count == 22)
        #expect(test.terminal.outLines.first == "99 N  2026-11-22 10:00  Planet Terminal  T")
        #expect(test.terminal.errLines == ["Showing the newest 22 unread items; use --limit N to see more."])
    }

    @Test func jsonOnATerminalHasNoDefaultLimit() async {
        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.ListItems.self, .init(items: []))
        _ = await ItemListRouter.assemble(query: .init(starredOnly: true), json: true, dependencies: test.dependencies).run()
        #expect(test.daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: false, starredOnly: true)])
        #expect(test.terminal.out == "{\"items\":[]}\n")
    }

    @Test func anUnreachableDaemonIsOneLineAndExitThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/tmp/x.sock", reason: .noSocket)
        let status = await ItemListRouter.assemble(query: .init(), json: false, dependencies: test.dependencies).run()
        #expect(status == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
        #expect(test.terminal.out.isEmpty)
    }
}
