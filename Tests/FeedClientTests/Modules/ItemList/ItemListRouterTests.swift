import FeedIPC
import Testing
@testable import FeedClient

struct ItemListRouterTests {
    @Test func pipedOutputIsPlainLines() async {
        let test = ModuleTestDependencies(isTTY: false)
        test.daemon.stub(RPC.ListItems.self, .init(items: [
            Fixtures.item(2, title: "Second", link: "https://x.example/2"),
            Fixtures.item(1, title: "First", link: "https://x.example/1", published: nil),
        ]))
        let status = await ItemListRouter.assemble(query: .init(), json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.outLines == [
            "2\t2026-11-22T10:00:00Z\tPlanet Terminal\tSecond\thttps://x.example/2",
            "1\t2026-11-21T10:00:00Z\tPlanet Terminal\tFirst\thttps://x.example/1",
        ])
        #expect(test.daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true)])
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
