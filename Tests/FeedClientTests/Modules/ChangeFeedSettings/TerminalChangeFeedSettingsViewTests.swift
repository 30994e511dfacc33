import FeedEntities
import Testing
@testable import FeedClient

struct TerminalChangeFeedSettingsViewTests {
    @Test func eachSettingIsOneLineAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalChangeFeedSettingsView(terminal: terminal, json: false).showSettings(
                [.init(key: "user_agent", value: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"), .init(key: "interval", value: "2h")],
                feed: .fixture(3))
            #expect(terminal.outLines == [
                "user_agent = Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "interval = 2h",
            ], "width \(width)")
        }
    }

    @Test func noSettingsSaysSo() {
        let terminal = TerminalSpy()
        TerminalChangeFeedSettingsView(terminal: terminal, json: false).showSettings([], feed: .fixture(3))
        #expect(terminal.out == "no settings\n")
    }

    @Test func hostileValuesNeverReachTheTerminal() {
        let terminal = TerminalSpy(isTTY: true, width: 80)
        let view = TerminalChangeFeedSettingsView(terminal: terminal, json: false)
        view.showSettings([.init(key: "user_agent", value: "a\u{1B}]52;c;cHduZWQ=\u{07}b\u{9B}2J")], feed: .fixture(3))
        view.showFailure(CommandFailure(message: "cannot change the settings of feed 3: bad\u{1B}[K"))
        #expect(terminal.outLines == ["user_agent = ab"])
        #expect(terminal.errLines == ["tidings: cannot change the settings of feed 3: bad"])
        #expect(terminal.dangerousScalars.isEmpty)
    }

    @Test func jsonIsTheFeedWithItsSettingsSecretsHidden() throws {
        var settings = FeedSettings()
        try settings.apply([
            "interval=30m", "header=X-A: 1", "header=Authorization: Bearer s3cret", "cookie=c00kie",
            "auth_user=ada", "auth_password_command=pass show x", "auth_method=digest", "proxy=http://p:3128", "proxy_user=bob",
            "proxy_password_file=/pw", "timeout=20s", "max_size=1MiB", "keep_per_feed=0", "keep_days=30", "ca_file=/ca.pem",
        ])
        // What a daemon might send, were it to leave a secret in: the client hides it again.
        settings.cookie = "c00kie"
        var row = FeedRow.fixture(3)
        row.settings = settings
        let terminal = TerminalSpy()
        TerminalChangeFeedSettingsView(terminal: terminal, json: true).showSettings([], feed: row)
        #expect(terminal.out.contains(#""settings":{"interval":1800,"headers":["X-A: 1","Authorization: (hidden)"],"cookie":"(hidden)","authUser":"ada","authPassword":{"command":["pass","show","x"]},"authMethod":"digest","proxy":"http://p:3128","proxyUser":"bob","proxyPassword":{"file":"/pw"},"timeout":20,"maxSize":1048576,"keepPerFeed":0,"keepDays":30,"caFile":"/ca.pem"},"synced":false}}"#))
        #expect(!terminal.out.contains("c00kie") && !terminal.out.contains("s3cret"))
    }
}
