import FeedIPC
import Testing
@testable import FeedClient

struct ItemStateRouterTests {
    @Test func readWritesTheSummaryAndReportsMissingNumbers() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.MarkRead.self, .init(updated: 2, missing: [999]))
        let status = await ItemStateRouter.assemble(
            action: .read, selection: .numbers([3, 4, 999]), json: false, dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.daemon.params(of: RPC.MarkRead.self) == [.init(numbers: [3, 4, 999], read: true)])
        #expect(test.terminal.out == "Marked 2 items read\n")
        #expect(test.terminal.err == "tidings: no item 999\n")
    }

    @Test func starWithJSON() async {
        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.Star.self, .init(updated: 2))
        let status = await ItemStateRouter.assemble(
            action: .star, selection: .numbers([1, 2]), json: true, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.daemon.methods == ["items.star"])
        #expect(test.terminal.out == "{\"updated\":2,\"missing\":[]}\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func anUnreachableDaemonIsOneLineAndExitThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/tmp/x.sock", reason: .noSocket)
        let status = await ItemStateRouter.assemble(
            action: .unread, selection: .numbers([1]), json: false, dependencies: test.dependencies).run()
        #expect(status == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
        #expect(test.terminal.out.isEmpty)
    }
}
