import FeedIPC
import Testing
@testable import FeedClient

struct ShowItemRouterTests {
    @Test func rendersAtTheTerminalWidthShowsThroughThePagerAndMarksRead() async {
        let test = ModuleTestDependencies(isTTY: true, width: 100)
        test.daemon.stub(RPC.GetItem.self, .init(
            item: Fixtures.item(12, title: "Tiling", link: nil), rendered: .init(text: "Body", links: [])))
        test.daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        let status = await ShowItemRouter.assemble(number: 12, marksRead: true, json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.daemon.methods == ["items.get", "items.markRead"])
        #expect(test.daemon.params(of: RPC.GetItem.self) == [.init(number: 12, width: 100, shown: true)])
        #expect(test.terminal.paged == "Feed:  Planet Terminal\nTitle: Tiling\nDate:  2026-11-22 10:00 (just now)\n\nBody\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func jsonIsWrittenWithoutThePager() async {
        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(12), rendered: .init(text: "Body", links: [])))
        let status = await ShowItemRouter.assemble(number: 12, marksRead: false, json: true, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.paged.isEmpty)
        #expect(test.terminal.out.hasPrefix(#"{"number":12,"#))
        #expect(test.daemon.methods == ["items.get"])
    }

    @Test func anUnknownNumberIsOneLineAndExitOne() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.GetItem.self, with: RPCError(.notFound, "no item 999"))
        let status = await ShowItemRouter.assemble(number: 999, marksRead: true, json: false, dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.err == "tidings: no item 999\n")
        #expect(test.terminal.out.isEmpty)
    }

    @Test func anUnreachableDaemonIsOneLineAndExitThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/tmp/x.sock", reason: .noSocket)
        let status = await ShowItemRouter.assemble(number: 1, marksRead: true, json: false, dependencies: test.dependencies).run()
        #expect(status == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
    }
}
