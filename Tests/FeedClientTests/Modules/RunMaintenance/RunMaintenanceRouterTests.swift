import FeedIPC
import Testing
@testable import FeedClient

struct RunMaintenanceRouterTests {
    @Test func aTerminalGetsLinesAPipeKeysAndValuesAndJSONOnRequest() async {
        let table = ModuleTestDependencies(isTTY: true)
        table.daemon.stub(RPC.Maintenance.self, RunMaintenanceFixtures.result())
        #expect(await RunMaintenanceRouter.assemble(vacuum: true, retention: true, json: false, dependencies: table.dependencies).run() == .success)
        #expect(table.terminal.outLines.first == "integrity: ok")
        #expect(table.daemon.params(of: RPC.Maintenance.self) == [.init(vacuum: true, retention: true)])

        let plain = ModuleTestDependencies(isTTY: false)
        plain.daemon.stub(RPC.Maintenance.self, RunMaintenanceFixtures.result())
        #expect(await RunMaintenanceRouter.assemble(vacuum: false, retention: false, json: false, dependencies: plain.dependencies).run() == .success)
        #expect(plain.terminal.outLines.first == "integrity\tok")
        #expect(plain.daemon.params(of: RPC.Maintenance.self) == [.init(vacuum: false, retention: false)])

        let json = ModuleTestDependencies(isTTY: true)
        json.daemon.stub(RPC.Maintenance.self, RunMaintenanceFixtures.result())
        #expect(await RunMaintenanceRouter.assemble(vacuum: true, retention: false, json: true, dependencies: json.dependencies).run() == .success)
        #expect(json.terminal.out.hasPrefix(#"{"integrity":"ok","problems":[],"#))
    }

    @Test func problemsExitWithOneAfterTheReport() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Maintenance.self, RunMaintenanceFixtures.result(problems: ["page 3 is never used"], retention: false, deleted: 0, vacuumed: false))
        #expect(await RunMaintenanceRouter.assemble(vacuum: true, retention: false, json: true, dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.out.hasPrefix(#"{"integrity":"failed","problems":["page 3 is never used"],"#))
        #expect(test.terminal.errLines.count == 1)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await RunMaintenanceRouter.assemble(vacuum: true, retention: false, json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.errLines.count == 1)
    }
}
