@testable import FeedDaemon
import Logging
import Testing

struct LiveConfigurationTests {
    @Test func describesEachChangeAndKeepsTheSocketAndDatabase() {
        var old = DaemonConfiguration()
        old.socketPath = "/run/a.sock"
        old.databasePath = "/data/a.sqlite"
        let live = LiveConfiguration(old)
        var new = DaemonConfiguration()
        new.socketPath = "/run/b.sock"
        new.databasePath = "/data/a.sqlite"
        new.refreshInterval = 600
        new.browser = "firefox %s"
        new.logLevel = .debug
        #expect(live.replace(with: new) == [
            "refresh_interval 1800 → 600", "log_level info → debug",
            "socket changed: takes effect at the next start",
        ])
        #expect(live.current.socketPath == "/run/a.sock")
        #expect(live.current.refreshInterval == 600)
        #expect(live.replace(with: new).filter { !$0.hasPrefix("socket") }.isEmpty)
    }
}
