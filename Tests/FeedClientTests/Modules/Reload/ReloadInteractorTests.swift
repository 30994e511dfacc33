import FeedIPC
import Testing
@testable import FeedClient

struct ReloadInteractorTests {
    static let result = RPC.Reload.Result(
        configPath: "/home/ada/.config/tidings/config.yaml", changes: ["refresh_interval 1800 → 600", "rules: 3 rules"],
        rules: 3, hooks: 1, notify: false, refreshInterval: 600)

    @Test func asksForAReloadAndKeepsEverythingTheDaemonSaid() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Reload.self, Self.result)
        #expect(try await ReloadInteractor(daemon: daemon, settings: ClientSettingsStub()).reload() == ReloadPresenterTests.configuration)
        #expect(daemon.params(of: RPC.Reload.self).count == 1)
    }
}
