@testable import FeedClient

/// Stubs and spies wired as `ClientDependencies`, for Router tests.
struct ModuleTestDependencies {
    let daemon = DaemonClientStub()
    let terminal: TerminalSpy
    let launcher = BrowserLauncherSpy()
    let settings = ClientSettingsStub()
    var environment: [String: String] = [:]

    init(isTTY: Bool = false, width: Int = 80, environment: [String: String] = [:]) {
        terminal = TerminalSpy(isTTY: isTTY, width: width)
        self.environment = environment
    }

    var dependencies: ClientDependencies {
        ClientDependencies(
            daemon: daemon, terminal: terminal, launcher: launcher,
            clock: FixedClock(now: Fixtures.now), environment: environment,
            settings: settings)
    }
}
