import Foundation
import Testing
@testable import FeedClient

struct TerminalStatusViewTests {
    static let lines: [Substring] = [
        "daemon:       tidingsd 0.2.0 (protocol 1.2)",
        "uptime:       3 h 12 min",
        "feeds:        42 (2 failing)",
        "items:        12345",
        "unread:       120",
        "starred:      4",
        "last refresh: 5 min ago",
        "next refresh: in 12 min",
        "database:     /home/用户/.local/share/tidings/tidings.sqlite (12.4 MB)",
        "schema:       v3",
    ]

    @Test func alignedLinesAtEveryWidthWithPathsWhole() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalStatusView(terminal: terminal, format: .table)
                .showStatus(StatusFixtures.report(databasePath: "/home/用户/.local/share/tidings/tidings.sqlite"))
            #expect(terminal.outLines == Self.lines, "width \(width)")
        }
    }

    @Test func noFailingFeedsNoParenthesis() {
        let terminal = TerminalSpy(isTTY: true)
        TerminalStatusView(terminal: terminal, format: .table).showStatus(StatusFixtures.report(failing: 0))
        #expect(terminal.outLines[2] == "feeds:        42")
    }

    @Test func hostileDaemonStringsNeverReachTheTerminal() {
        var report = StatusFixtures.report(databasePath: "/tmp/\u{202E}evil\u{9B}2J\u{1B}]0;x\u{07}.sqlite")
        report.daemonVersion = "0.2.0\u{1B}[2J"
        report.schemaVersion = "v3\u{85}\u{200F}"
        report.configPath = "/tmp/\u{1B}[2Jconfig.yaml"
        report.reloadFailure = ReloadFailureReport(at: "2026-11-22T09:55:00Z", atText: "5 min ago", error: "bad\u{1B}]0;x\u{07} key")
        for format in [OutputFormat.table, .plain, .json] {
            for width in [40, 80, 160] {
                let terminal = TerminalSpy(isTTY: format == .table, width: width)
                TerminalStatusView(terminal: terminal, format: format).showStatus(report)
                #expect(terminal.dangerousScalars.isEmpty, "\(format): \(terminal.out.debugDescription)")
                #expect(terminal.out.contains("/tmp/evil.sqlite"), "\(format)")
            }
        }
    }

    @Test func labelsAreDimAndFailingRedWithTheSameLayout() {
        let colored = TerminalSpy(isTTY: true, width: 80, usesColor: true)
        TerminalStatusView(terminal: colored, format: .table).showStatus(StatusFixtures.report())
        #expect(colored.outLines[0] == "\u{1B}[2mdaemon:\u{1B}[0m       tidingsd 0.2.0 (protocol 1.2)")
        #expect(colored.outLines[2] == "\u{1B}[2mfeeds:\u{1B}[0m        42 \u{1B}[31m(2 failing)\u{1B}[0m")
        let plain = TerminalSpy(isTTY: true, width: 80)
        TerminalStatusView(terminal: plain, format: .table).showStatus(StatusFixtures.report())
        let withoutStyles = ["\u{1B}[2m", "\u{1B}[31m", "\u{1B}[0m"].reduce(colored.out) { $0.replacingOccurrences(of: $1, with: "") }
        #expect(withoutStyles == plain.out)
    }

    @Test func plainIsOneKeyAndValueALine() {
        let terminal = TerminalSpy()
        var report = StatusFixtures.report()
        report.lastRefresh = nil
        TerminalStatusView(terminal: terminal, format: .plain).showStatus(report)
        #expect(terminal.outLines == [
            "daemonVersion\t0.2.0", "protocolVersion\t1.2", "startedAt\t2026-11-22T06:47:55Z", "uptimeSeconds\t11525",
            "feeds\t42", "failingFeeds\t2", "items\t12345", "unread\t120", "starred\t4", "lastRefresh\t",
            "nextRefresh\t2026-11-22T10:12:00Z", "refreshing\tfalse",
            "databasePath\t/home/ada/.local/share/tidings/tidings.sqlite", "databaseBytes\t12400000", "schemaVersion\tv3",
            "configPath\t", "reloadFailure\t", "storage\t", "sync\t", "damage\t", "imageCache\t",
        ])
    }

    @Test func theConfigFileAndARefusedReloadFollowTheSchema() throws {
        var report = StatusFixtures.report()
        report.configPath = "/home/ada/.config/tidings/config.yaml"
        report.reloadFailure = ReloadFailureReport(
            at: "2026-11-22T09:55:00Z", atText: "5 min ago",
            error: "/home/ada/.config/tidings/config.yaml line 4: 'concurrency': must be between 1 and 256, got 0")
        let table = TerminalSpy(isTTY: true, width: 80)
        TerminalStatusView(terminal: table, format: .table).showStatus(report)
        #expect(Array(table.outLines.suffix(2)) == [
            "config:       /home/ada/.config/tidings/config.yaml",
            "last reload:  refused 5 min ago, config kept: /home/ada/.config/tidings/config.yaml line 4: "
                + "'concurrency': must be between 1 and 256, got 0",
        ])
        let json = TerminalSpy()
        TerminalStatusView(terminal: json, format: .json).showStatus(report)
        #expect(json.out.hasSuffix(#","configPath":"/home/ada/.config/tidings/config.yaml","reloadFailure":{"at":"2026-11-22T09:55:00Z","error":"/home/ada/.config/tidings/config.yaml line 4: 'concurrency': must be between 1 and 256, got 0"},"storage":null,"sync":null,"damage":null,"imageCache":null}"# + "\n"))
        // Without a refused reload, no line about reloads.
        report.reloadFailure = nil
        let quiet = TerminalSpy(isTTY: true, width: 80)
        TerminalStatusView(terminal: quiet, format: .table).showStatus(report)
        #expect(quiet.outLines.last == "config:       /home/ada/.config/tidings/config.yaml")
    }

    @Test func jsonHasTheDocumentedKeysInOrder() throws {
        let terminal = TerminalSpy()
        TerminalStatusView(terminal: terminal, format: .json).showStatus(StatusFixtures.report())
        #expect(terminal.out == #"{"daemonVersion":"0.2.0","protocolVersion":"1.2","startedAt":"2026-11-22T06:47:55Z","uptimeSeconds":11525,"feeds":42,"failingFeeds":2,"items":12345,"unread":120,"starred":4,"lastRefresh":"2026-11-22T09:55:00Z","nextRefresh":"2026-11-22T10:12:00Z","refreshing":false,"databasePath":"/home/ada/.local/share/tidings/tidings.sqlite","databaseBytes":12400000,"schemaVersion":"v3","configPath":null,"reloadFailure":null,"storage":null,"sync":null,"damage":null,"imageCache":null}"# + "\n")
        _ = try JSONSerialization.jsonObject(with: Data(terminal.out.utf8))
    }

    @Test func aStorageErrorIsTheLastLineAndFollowsTheSchema() throws {
        var report = StatusFixtures.report()
        report.storage = StorageFailureReport(
            since: "2026-11-22T07:12:00Z", sinceText: "07:12", error: "database or disk is full", feeds: 14)
        let table = TerminalSpy(isTTY: true, width: 80)
        TerminalStatusView(terminal: table, format: .table).showStatus(report)
        #expect(table.outLines.last == "storage:      cannot write the database since 07:12 (database or disk is full); 14 feeds wait")
        let json = TerminalSpy()
        TerminalStatusView(terminal: json, format: .json).showStatus(report)
        #expect(json.out.hasSuffix(#","storage":{"since":"2026-11-22T07:12:00Z","error":"database or disk is full","feeds":14},"sync":null,"damage":null,"imageCache":null}"# + "\n"))
        _ = try JSONSerialization.jsonObject(with: Data(json.out.utf8))
    }

    @Test func syncLinesFollowTheConfigAndTheErrorIsRed() throws {
        var report = StatusFixtures.report()
        report.configPath = "/home/ada/.config/tidings/config.yaml"
        report.sync = SyncFixtures.report()
        let table = TerminalSpy(isTTY: true, width: 80)
        TerminalStatusView(terminal: table, format: .table).showStatus(report)
        #expect(Array(table.outLines.suffix(4)) == [
            "config:       /home/ada/.config/tidings/config.yaml",
            "sync:         miniflux at https://rss.example.org",
            "last sync:    5 min ago (2026-11-22 09:55)",
            "pending:      3 changes wait",
        ])
        report.sync?.lastError = "HTTP 401 Unauthorized"
        report.sync?.syncing = true
        let colored = TerminalSpy(isTTY: true, width: 80, usesColor: true)
        TerminalStatusView(terminal: colored, format: .table).showStatus(report)
        #expect(Array(colored.outLines.suffix(3)) == [
            "\u{1B}[2mlast sync:\u{1B}[0m    5 min ago (2026-11-22 09:55); syncing now",
            "\u{1B}[2mpending:\u{1B}[0m      3 changes wait",
            "\u{1B}[2msync error:\u{1B}[0m   \u{1B}[31mHTTP 401 Unauthorized\u{1B}[0m",
        ])
        let json = TerminalSpy()
        TerminalStatusView(terminal: json, format: .json).showStatus(report)
        #expect(json.out.hasSuffix(#","storage":null,"sync":{"service":"miniflux","url":"https://rss.example.org","user":"ada","lastSync":"2026-11-22T09:55:00Z","lastAttempt":"2026-11-22T09:54:55Z","lastError":"HTTP 401 Unauthorized","nextSync":"2026-11-22T10:10:00Z","pending":3,"pendingErrors":["2 refused: HTTP 404 Not Found"],"syncing":true,"syncedFeeds":12,"report":null},"damage":null,"imageCache":null}"# + "\n"))
        _ = try JSONSerialization.jsonObject(with: Data(json.out.utf8))
    }

    @Test func damageComesFirstAndUnreadableCountsAreNotShownAsZero() throws {
        var report = StatusFixtures.report()
        report.damage = DatabaseDamageReport(
            problems: ["database disk image is malformed (found while trying to list items)", "Page 42: \u{1B}[2J"],
            backups: ["/home/ada/b.bak"], restoreCommand: "tidings restore /home/ada/b.bak", counted: false)
        let table = TerminalSpy(isTTY: true, width: 80)
        TerminalStatusView(terminal: table, format: .table).showStatus(report)
        #expect(table.outLines.first == "damage:       the database is damaged: database disk image is malformed (found while trying to list items) (and 1 more); tidingsd writes nothing more to it and refreshes nothing; to restore the newest backup, run: tidings restore /home/ada/b.bak")
        #expect(table.outLines.contains("items:        unknown (the database cannot be read)"), "\(table.outLines)")
        let json = TerminalSpy()
        TerminalStatusView(terminal: json, format: .json).showStatus(report)
        #expect(json.out.hasSuffix(#","damage":{"problems":["database disk image is malformed (found while trying to list items)","Page 42:"],"backups":["/home/ada/b.bak"],"restoreCommand":"tidings restore /home/ada/b.bak","counted":false},"imageCache":null}"# + "\n"), "\(json.out)")
    }

    @Test func hostileSyncStringsNeverReachTheTerminal() {
        var report = StatusFixtures.report()
        report.sync = SyncFixtures.report()
        report.sync?.url = "https://rss.\u{202E}example\u{9B}2J.org"
        report.sync?.lastError = "HTTP 500\u{1B}]0;x\u{07} boom"
        for format in [OutputFormat.table, .plain, .json] {
            let terminal = TerminalSpy(isTTY: format == .table, width: 80)
            TerminalStatusView(terminal: terminal, format: format).showStatus(report)
            #expect(terminal.dangerousScalars.isEmpty, "\(format): \(terminal.out.debugDescription)")
            #expect(terminal.out.contains("https://rss.example.org"), "\(format)")
        }
    }
}
