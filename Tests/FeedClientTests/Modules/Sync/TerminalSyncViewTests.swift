import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

struct TerminalSyncViewTests {
    static let statusLines: [Substring] = [
        "service:      miniflux",
        "url:          https://rss.example.org",
        "user:         ada",
        "last sync:    5 min ago (2026-11-22 09:55)",
        "next sync:    in 10 min (2026-11-22 10:10)",
        "pending:      3 changes wait",
        "              2 refused: HTTP 404 Not Found",
        "synced feeds: 12",
    ]

    @Test func whatTheSyncDidThenTheStatusAlignedAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalSyncView(terminal: terminal, format: .table).showStatus(SyncFixtures.report(run: true))
            #expect(terminal.outLines == [
                "pushed:       5 changes; 1 failed and waits",
                "feeds:        2 added, 1 linked, 0 removed",
                "new items:    42",
                "states:       17 changed",
                "took:         1.2 s",
            ] + Self.statusLines, "width \(width)")
        }
    }

    @Test func theStatusAloneWithAFailedAttemptAndItsError() {
        var report = SyncFixtures.report()
        report.user = nil
        report.pendingErrors = []
        report.lastAttemptText = "1 min ago (2026-11-22 09:59)"
        report.lastError = "HTTP 401 Unauthorized"
        let terminal = TerminalSpy(isTTY: true, width: 80)
        TerminalSyncView(terminal: terminal, format: .table).showStatus(report)
        #expect(terminal.outLines == [
            "service:      miniflux",
            "url:          https://rss.example.org",
            "last sync:    5 min ago (2026-11-22 09:55)",
            "last attempt: 1 min ago (2026-11-22 09:59)",
            "next sync:    in 10 min (2026-11-22 10:10)",
            "pending:      3 changes wait",
            "last error:   HTTP 401 Unauthorized",
            "synced feeds: 12",
        ])
    }

    @Test func labelsAreDimAndTheErrorRedWithTheSameLayout() {
        var report = SyncFixtures.report(run: true)
        report.lastError = "HTTP 401 Unauthorized"
        let colored = TerminalSpy(isTTY: true, width: 80, usesColor: true)
        TerminalSyncView(terminal: colored, format: .table).showStatus(report)
        #expect(colored.outLines.contains("\u{1B}[2mlast error:\u{1B}[0m   \u{1B}[31mHTTP 401 Unauthorized\u{1B}[0m"))
        let plain = TerminalSpy(isTTY: true, width: 80)
        TerminalSyncView(terminal: plain, format: .table).showStatus(report)
        let withoutStyles = ["\u{1B}[2m", "\u{1B}[31m", "\u{1B}[0m"].reduce(colored.out) { $0.replacingOccurrences(of: $1, with: "") }
        #expect(withoutStyles == plain.out)
    }

    @Test func hostileDaemonStringsNeverReachTheTerminal() {
        var report = SyncFixtures.report(run: true)
        report.service = "mini\u{1B}[2Jflux"
        report.url = "https://rss.\u{202E}example\u{9B}2J.org"
        report.user = "ada\u{1B}]0;x\u{07}"
        report.lastError = "HTTP 500\u{85} \u{1B}[31mboom"
        report.pendingErrors = ["2 refused:\u{200F} \u{1B}[2Jgone"]
        for format in [OutputFormat.table, .plain, .json] {
            let terminal = TerminalSpy(isTTY: format == .table, width: 80)
            TerminalSyncView(terminal: terminal, format: format).showStatus(report)
            #expect(terminal.dangerousScalars.isEmpty, "\(format): \(terminal.out.debugDescription)")
            #expect(terminal.out.contains("https://rss.example.org"), "\(format): \(terminal.out.debugDescription)")
        }
        let note = TerminalSpy()
        TerminalSyncView(terminal: note, format: .table).showNotConfigured("No sync\u{1B}[2J service", report: report)
        #expect(note.dangerousScalars.isEmpty && note.err == "No sync service\n")
    }

    @Test func plainIsOneKeyAndValueALine() {
        let terminal = TerminalSpy()
        TerminalSyncView(terminal: terminal, format: .plain).showStatus(SyncFixtures.report(run: true))
        #expect(terminal.outLines.map(String.init) == [
            "service\tminiflux", "url\thttps://rss.example.org", "user\tada", "lastSync\t2026-11-22T09:55:00Z",
            "lastAttempt\t2026-11-22T09:54:55Z", "lastError\t", "nextSync\t2026-11-22T10:10:00Z", "pending\t3",
            "pendingErrors\t" + #"["2 refused: HTTP 404 Not Found"]"#, "syncing\tfalse", "syncedFeeds\t12",
            "report\t" + #"{"pushed":5,"failed":1,"feedsAdded":2,"feedsLinked":1,"feedsRemoved":0,"newItems":42,"statesChanged":17,"durationMs":1234}"#,
        ])
    }

    @Test func jsonHasTheDocumentedKeysInOrder() throws {
        let terminal = TerminalSpy()
        TerminalSyncView(terminal: terminal, format: .json).showStatus(SyncFixtures.report(run: true))
        #expect(terminal.out == Self.documentedJSON + "\n")
        _ = try JSONSerialization.jsonObject(with: Data(terminal.out.utf8))
        let status = TerminalSpy()
        TerminalSyncView(terminal: status, format: .json).showStatus(SyncFixtures.report())
        #expect(status.out.hasSuffix(#","syncedFeeds":12,"report":null}"# + "\n"))
    }

    /// docs/json.md's example, but for its dates.
    static let documentedJSON = #"{"service":"miniflux","url":"https://rss.example.org","user":"ada","lastSync":"2026-11-22T09:55:00Z","lastAttempt":"2026-11-22T09:54:55Z","lastError":null,"nextSync":"2026-11-22T10:10:00Z","pending":3,"pendingErrors":["2 refused: HTTP 404 Not Found"],"syncing":false,"syncedFeeds":12,"report":{"pushed":5,"failed":1,"feedsAdded":2,"feedsLinked":1,"feedsRemoved":0,"newItems":42,"statesChanged":17,"durationMs":1234}}"#

    @Test func noServiceIsANoteOnStderrOrAnEmptyDocument() throws {
        let empty = SyncStatusReport(SyncStatus(), now: Fixtures.now, clock: FixedClock(now: Fixtures.now))
        for format in [OutputFormat.table, .plain] {
            let terminal = TerminalSpy(isTTY: format == .table)
            TerminalSyncView(terminal: terminal, format: format).showNotConfigured("No sync service configured.", report: empty)
            #expect(terminal.out.isEmpty && terminal.err == "No sync service configured.\n", "\(format)")
        }
        let json = TerminalSpy()
        TerminalSyncView(terminal: json, format: .json).showNotConfigured("No sync service configured.", report: empty)
        #expect(json.err.isEmpty)
        #expect(json.out == #"{"service":null,"url":null,"user":null,"lastSync":null,"lastAttempt":null,"lastError":null,"nextSync":null,"pending":0,"pendingErrors":[],"syncing":false,"syncedFeeds":0,"report":null}"# + "\n")
    }
}
