import FeedIPC
import Testing
@testable import FeedClient

struct StatusRouterTests {
    @Test func aTerminalGetsLinesAPipeKeysAndValuesAndJSONOnRequest() async {
        let table = ModuleTestDependencies(isTTY: true)
        table.daemon.stub(RPC.Status.self, StatusFixtures.status())
        #expect(await StatusRouter.assemble(json: false, dependencies: table.dependencies).run() == .success)
        #expect(table.terminal.outLines.first == "daemon:       tidingsd 0.2.0 (protocol 1.2)")

        let plain = ModuleTestDependencies(isTTY: false)
        plain.daemon.stub(RPC.Status.self, StatusFixtures.status())
        #expect(await StatusRouter.assemble(json: false, dependencies: plain.dependencies).run() == .success)
        #expect(plain.terminal.outLines.first == "daemonVersion\t0.2.0")

        let json = ModuleTestDependencies(isTTY: true)
        json.daemon.stub(RPC.Status.self, StatusFixtures.status())
        #expect(await StatusRouter.assemble(json: true, dependencies: json.dependencies).run() == .success)
        #expect(json.terminal.out.hasPrefix(#"{"daemonVersion":"0.2.0","#))
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await StatusRouter.assemble(json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.errLines.count == 1)
    }
}
