import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SyncRouterTests {
    @Test func aTerminalGetsLinesAPipeKeysAndValuesAndJSONOnRequest() async {
        let table = ModuleTestDependencies(isTTY: true)
        table.daemon.stub(RPC.RunSync.self, SyncFixtures.status(report: SyncFixtures.syncReport()))
        #expect(await SyncRouter.assemble(action: .run(full: true), json: false, dependencies: table.dependencies).run() == .success)
        #expect(table.terminal.outLines.first == "pushed:       5 changes; 1 failed and waits")
        #expect(table.daemon.params(of: RPC.RunSync.self) == [.init(full: true)])

        let plain = ModuleTestDependencies(isTTY: false)
        plain.daemon.stub(RPC.GetSyncStatus.self, SyncFixtures.status())
        #expect(await SyncRouter.assemble(action: .showStatus, json: false, dependencies: plain.dependencies).run() == .success)
        #expect(plain.terminal.outLines.first == "service\tminiflux")
        #expect(plain.daemon.methods == ["sync.status"])

        let json = ModuleTestDependencies(isTTY: true)
        json.daemon.stub(RPC.RunSync.self, SyncFixtures.status(report: SyncFixtures.syncReport()))
        #expect(await SyncRouter.assemble(action: .run(full: false), json: true, dependencies: json.dependencies).run() == .success)
        #expect(json.terminal.out == TerminalSyncViewTests.documentedJSON + "\n")
    }

    @Test func aFailedSyncPrintsItsDocumentThenTheErrorAndExitsWithOne() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.RunSync.self, SyncFixtures.status(lastError: "HTTP 401 Unauthorized", report: SyncFixtures.syncReport()))
        #expect(await SyncRouter.assemble(action: .run(full: false), json: true, dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.out.contains(#""lastError":"HTTP 401 Unauthorized""#))
        #expect(test.terminal.errLines == ["tidings: the sync failed: HTTP 401 Unauthorized"])
    }

    @Test func noServiceNamesTheDaemonsConfigFile() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.RunSync.self, with: RPCError(.syncNotConfigured, "no sync service is configured"))
        var status = StatusFixtures.status()
        status.configPath = "/home/ada/.config/tidings/config.yaml"
        test.daemon.stub(RPC.Status.self, status)
        #expect(await SyncRouter.assemble(action: .run(full: false), json: false, dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.errLines == [
            "tidings: no sync service in the config: add a 'sync:' section to /home/ada/.config/tidings/config.yaml (see docs/cli.md)",
        ])
    }

    @Test func theStatusWithoutAServiceExitsWithZero() async {
        let text = ModuleTestDependencies(isTTY: true)
        text.daemon.stub(RPC.GetSyncStatus.self, SyncStatus())
        #expect(await SyncRouter.assemble(action: .showStatus, json: false, dependencies: text.dependencies).run() == .success)
        #expect(text.terminal.out.isEmpty && text.terminal.errLines.count == 1)

        let json = ModuleTestDependencies()
        json.daemon.stub(RPC.GetSyncStatus.self, SyncStatus())
        #expect(await SyncRouter.assemble(action: .showStatus, json: true, dependencies: json.dependencies).run() == .success)
        #expect(json.terminal.out.hasPrefix(#"{"service":null,"#) && json.terminal.err.isEmpty)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await SyncRouter.assemble(action: .run(full: false), json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.errLines.count == 1)
    }
}
