import Testing
@testable import FeedClient

@MainActor
struct ReaderBrowserTests {
    let launcher = BrowserLauncherSpy()
    let settings = ClientSettingsStub()
    let terminal = FullScreenTerminalFake()

    func browser(_ environment: [String: String]) -> ReaderBrowser {
        ReaderBrowser(launcher: launcher, settings: settings, environment: environment)
    }

    @Test func aTerminalBrowserGetsTheTerminalAndAGraphicalOneDoesNot() async throws {
        settings.browserSetting = .success("w3m")
        try await browser([:]).open("https://a.example/", on: terminal)
        settings.browserSetting = .success("firefox --new-tab %s")
        try await browser(["DISPLAY": ":0"]).open("https://b.example/", on: terminal)
        #expect(launcher.streams == [.terminal, .discarded])
        #expect(launcher.opened.map(\.url) == ["https://a.example/", "https://b.example/"])
        #expect(terminal.suspended == 1 && terminal.resumed == 1)
    }

    @Test func xdgOpenOutsideAGraphicalSessionStartsATextBrowserSoItGetsTheTerminal() {
        let command = BrowserCommand(parsing: "xdg-open")!
        #expect(browser([:]).needsTerminal(command))
        #expect(!browser(["WAYLAND_DISPLAY": "wayland-0"]).needsTerminal(command))
        #expect(browser(["DISPLAY": ":0"]).needsTerminal(BrowserCommand(parsing: "/usr/bin/lynx -accept_all_cookies")!))
    }

    @Test func eachCandidateIsTriedWithItsOwnStreams() async throws {
        // $BROWSER=firefox:w3m where firefox cannot start: w3m still gets the terminal.
        final class FirstFails: BrowserLauncher, @unchecked Sendable {
            var tried: [(String, BrowserStreams)] = []
            func open(_ url: String, with commands: [BrowserCommand], streams: BrowserStreams) throws -> BrowserCommand {
                tried.append((commands[0].program, streams))
                if commands[0].program == "firefox" { throw BrowserLaunchError.noBrowserStarted(tried: ["firefox"], reason: "No such file") }
                return commands[0]
            }
        }
        let launcher = FirstFails()
        let browser = ReaderBrowser(launcher: launcher, settings: settings, environment: ["BROWSER": "firefox:w3m", "DISPLAY": ":0"])
        try await browser.open("https://a.example/", on: terminal)
        #expect(launcher.tried.map(\.0) == ["firefox", "w3m"])
        #expect(launcher.tried.map(\.1) == [.discarded, .terminal])
    }

    @Test func onlyWebLinksAreOpened() async {
        await #expect(throws: BrowserLaunchError.self) {
            try await browser([:]).open("file:///etc/passwd", on: terminal)
        }
        #expect(launcher.opened.isEmpty)
        #expect(terminal.suspended == 0)
    }
}
