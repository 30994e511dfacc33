import FeedIPC
import Testing
@testable import FeedClient

struct ReloadPresenterTests {
    static let configuration = ReloadedConfiguration(
        configPath: "/home/ada/.config/tidings/config.yaml", changes: ["refresh_interval 1800 → 600", "rules: 3 rules"],
        rules: 3, hooks: 1, notify: false, refreshInterval: 600)

    @Test func aReloadSaysWhatIsInForceAndWhatChanged() {
        #expect(ReloadPresenter.confirmation(for: Self.configuration)
            == "Reloaded /home/ada/.config/tidings/config.yaml: 3 rules, 1 hook, refresh every 10 min "
            + "(changed: refresh_interval 1800 → 600, rules: 3 rules)")
        let unchanged = ReloadedConfiguration(
            configPath: "/c.yaml", changes: [], rules: 1, hooks: 0, notify: true, refreshInterval: 1800)
        #expect(ReloadPresenter.confirmation(for: unchanged)
            == "Reloaded /c.yaml: 1 rule, 0 hooks, notifications on, refresh every 30 min (nothing changed)")
    }

    @Test func theRouterPrintsOneLineAndSucceeds() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Reload.self, ReloadInteractorTests.result)
        #expect(await ReloadRouter.assemble(dependencies: test.dependencies).run() == .success)
        #expect(test.terminal.outLines.count == 1)
        #expect(test.terminal.out.hasPrefix("Reloaded /home/ada/.config/tidings/config.yaml: 3 rules"))
    }

    @Test func aMistakeInTheReadersSettingsIsToldAfterTheReloadAndExitsOne() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Reload.self, ReloadInteractorTests.result)
        test.settings.readerSetting = .failure(.invalidSetting(
            path: "/c.yaml", line: 7, section: "keys", message: "unknown action `frobnicate` (one of: up, down)"))
        #expect(await ReloadRouter.assemble(dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.out.hasPrefix("Reloaded /home/ada/.config/tidings/config.yaml"))
        #expect(test.terminal.errLines == [
            "tidings: the reader will not open until this is mended: /c.yaml line 7: keys: unknown action `frobnicate` (one of: up, down)",
        ])
    }

    @Test func aRefusedFileIsOneLineNamingTheDaemonsReasonAndExitsOne() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = RPCError(.configurationRefused, "/c.yaml line 4: 'concurrency': must be between 1 and 256, got 0")
        #expect(await ReloadRouter.assemble(dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.errLines == [
            "tidings: configuration not reloaded, the daemon keeps its current one: "
                + "/c.yaml line 4: 'concurrency': must be between 1 and 256, got 0",
        ])
        #expect(test.terminal.out.isEmpty)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await ReloadRouter.assemble(dependencies: test.dependencies).run() == .daemonUnreachable)
    }
}
