import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

struct TerminalImportFeedsViewTests {
    @Test func summaryOnStdoutSkipsAsNotesOnStderrAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalImportFeedsView(terminal: terminal, json: false).showImport(.fixture(
                summary: "Imported 3 feeds (2 already subscribed, 1 skipped); the daemon fetches them now",
                notes: ["skipped 中文订阅 🎉: https://例子.example/ feed: not a valid URL"]))
            #expect(terminal.outLines == ["Imported 3 feeds (2 already subscribed, 1 skipped); the daemon fetches them now"], "width \(width)")
            #expect(terminal.errLines == ["skipped 中文订阅 🎉: https://例子.example/ feed: not a valid URL"], "width \(width)")
        }
    }

    @Test func hostileEntriesNeverReachTheTerminal() {
        let skip = ImportSkip(entry: "exec:\u{1B}]0;pwned\u{07}rm\u{202E}", location: "line\u{9B}2J 7", reason: "no\u{1B}[31m commands")
        for json in [false, true] {
            for width in [40, 80, 160] {
                let terminal = TerminalSpy(isTTY: true, width: width)
                TerminalImportFeedsView(terminal: terminal, json: json).showImport(.fixture(
                    notes: [ImportFeedsPresenter.note(for: skip)], added: [.fixture(4, title: "Evil\u{1B}[2J\u{85}Feed")],
                    skipped: [skip]))
                #expect(terminal.dangerousScalars.isEmpty, "\(json) \(width): \(terminal.out.debugDescription)")
                #expect(!terminal.out.contains("\\u001b"))
                if !json { #expect(terminal.errLines == ["skipped line 7: exec:rm: no commands"]) }
            }
        }
    }

    @Test func jsonHasTheDocumentedKeysAndFeedObjects() throws {
        let terminal = TerminalSpy()
        let skip = ImportSkip(entry: "exec:~/bin/script", location: "line 7", reason: "commands are not imported")
        TerminalImportFeedsView(terminal: terminal, json: true).showImport(.fixture(
            added: [.fixture(4, tags: ["linux"])], existing: [.fixture(1)],
            skipped: [skip, ImportSkip(entry: "ftp://x/", location: nil, reason: "only http")]))
        let feed4 = #"{"number":4,"title":"Planet Terminal","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["linux"],"settings":{},"synced":false}"#
        let feed1 = #"{"number":1,"title":"Planet Terminal","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":[],"settings":{},"synced":false}"#
        let skips = #"[{"entry":"exec:~/bin/script","location":"line 7","reason":"commands are not imported"},{"entry":"ftp://x/","location":null,"reason":"only http"}]"#
        #expect(terminal.out == #"{"format":"opml","added":["# + feed4 + #"],"existing":["# + feed1 + #"],"skipped":"# + skips + #","views":[],"existingViews":[]}"# + "\n")
        #expect(terminal.err.isEmpty)
        _ = try JSONSerialization.jsonObject(with: Data(terminal.out.utf8))
    }
}
