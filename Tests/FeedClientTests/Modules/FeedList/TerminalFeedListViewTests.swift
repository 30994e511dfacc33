import Foundation
import Testing
@testable import FeedClient
import FeedEntities

struct TerminalFeedListViewTests {
    @Test func tableAlignsColumnsAndShowsErrorsBelow() {
        let terminal = TerminalSpy(isTTY: true, width: 60)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds([
            .fixture(1, title: "Planet Terminal", unread: 3, total: 20),
            .fixture(12, title: "Broken \u{1B}[31mFeed", unread: 0, total: 0, refreshed: "never", lastError: "HTTP 404 Not Found"),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            " 1   3/20  5 min ago  Planet Terminal",
            "12 !  0/0  never      Broken Feed",
            "     error: HTTP 404 Not Found",
        ])
        #expect(terminal.dangerousScalars.isEmpty)
    }

    @Test func syncedFeedsAreMarkedUnlessTheyFailOrAreGone() {
        let terminal = TerminalSpy(isTTY: true, width: 60)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds([
            .fixture(1, title: "Planet Terminal", synced: true),
            .fixture(2, title: "Kernel Notes"),
            .fixture(3, title: "Broken", lastError: "HTTP 404 Not Found", synced: true),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "1 s 3/10  5 min ago  Planet Terminal",
            "2   3/10  5 min ago  Kernel Notes",
            "3 ! 3/10  5 min ago  Broken",
            "    error: HTTP 404 Not Found",
        ])
        let json = TerminalSpy()
        TerminalFeedListView(terminal: json, format: .json).showFeeds([.fixture(1, synced: true)], emptyNote: "none")
        #expect(json.out.hasSuffix(#""settings":{},"synced":true}]}"# + "\n"))
    }

    @Test func tableSaysHowLongAFeedHasFailedAndWhenItIsTriedAgain() {
        let terminal = TerminalSpy(isTTY: true, width: 100)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds([
            .fixture(2, title: "Flaky", lastError: "timed out after 15 s", failures: 3, next: "in 2 h"),
            .fixture(3, title: "Retired", lastError: "HTTP 410 Gone", goneSince: "2026-11-01T08:00:00Z"),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "2 ! 3/10  5 min ago  Flaky",
            "    error: timed out after 15 s (3 failures in a row); next try in 2 h",
            "3 x 3/10  5 min ago  Retired",
            "    gone since 2026-11-01 (HTTP 410): no longer fetched; 'tidings unsubscribe 3' removes it",
        ])
    }

    static let unhealthy: [FeedRow] = [
        .fixture(2, title: "Flaky", lastError: "timed out after 15 s", failures: 3, next: "in 2 h"),
        .fixture(3, title: "Retired", lastError: "HTTP 410 Gone", goneSince: "2026-11-01T08:00:00Z"),
    ]

    /// The error is cut, never when the daemon tries again nor how to remove a gone feed (which
    /// wraps at its spaces rather than run past the edge).
    @Test(arguments: [
        (40, [
            "2 ! 3/10  5 min ago  Flaky",
            "    error: timed out after 15 s",
            "    3 failures in a row; next try in 2 h",
            "3 x 3/10  5 min ago  Retired",
            "    gone since 2026-11-01 (HTTP 410): n…",
            "    'tidings unsubscribe 3' removes it",
        ]),
        (30, [
            "2 ! 3/10  5 min ago  Flaky",
            "    error: timed out after 15…",
            "    next try in 2 h",
            "3 x 3/10  5 min ago  Retired",
            "    gone since 2026-11-01 (HT…",
            "    'tidings unsubscribe 3'",
            "    removes it",
        ]),
    ])
    func narrowTerminalsKeepWhatTheUserActsOn(width: Int, lines: [String]) {
        let terminal = TerminalSpy(isTTY: true, width: width)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds(Self.unhealthy, emptyNote: "none")
        #expect(terminal.outLines == lines.map { Substring($0) })
    }

    @Test func aLongErrorIsCutOnItsOwnLineAt80Columns() {
        let terminal = TerminalSpy(isTTY: true, width: 80)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds([
            .fixture(2, title: "Flaky", lastError: "Could not resolve host: feeds.example.org (Temporary failure in name resolution)",
                     failures: 12, next: "in 23 h"),
            .fixture(4, title: "Slow", lastError: "HTTP 503 Service Unavailable", failures: 2, next: "now"),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "2 ! 3/10  5 min ago  Flaky",
            "    error: Could not resolve host: feeds.example.org (Temporary failure in name…",
            "    12 failures in a row; next try in 23 h",
            "4 ! 3/10  5 min ago  Slow",
            "    error: HTTP 503 Service Unavailable (2 failures in a row); retrying now",
        ])
    }

    @Test func theDocumentedExampleAt40Columns() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds([
            .fixture(2, title: "Kernel Notes", unread: 0, total: 12, refreshed: "2 h ago", compact: "2h",
                     lastError: "HTTP 503 Service Unavailable", failures: 3, next: "in 4 h", tags: ["linux"]),
            .fixture(3, title: "Old Blog", unread: 0, total: 40, refreshed: "12 days ago", compact: "12d",
                     lastError: "HTTP 410 Gone", goneSince: "2026-11-10T08:00:00Z"),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "2 ! 0/12  2h   Kernel Notes [linux]",
            "    error: HTTP 503 Service Unavailable",
            "    3 failures in a row; next try in 4 h",
            "3 x 0/40  12d  Old Blog",
            "    gone since 2026-11-10 (HTTP 410): n…",
            "    'tidings unsubscribe 3' removes it",
        ])
    }

    @Test func aNarrowTerminalShortensTheTimeSinceTheLastRefreshForTheTitle() {
        let rows: [FeedRow] = [
            .fixture(1, title: "Kernel Notes from the scheduler maintainers", unread: 120, total: 150, refreshed: "12 days ago", compact: "12d"),
            .fixture(2, title: "Planet Terminal", unread: 3, total: 20, refreshed: "never"),
        ]
        let narrow = TerminalSpy(isTTY: true, width: 40)
        TerminalFeedListView(terminal: narrow, format: .table).showFeeds(rows, emptyNote: "none")
        #expect(narrow.outLines == [
            "1   120/150  12d    Kernel Notes from t…",
            "2      3/20  never  Planet Terminal",
        ])
        let narrower = TerminalSpy(isTTY: true, width: 30)
        TerminalFeedListView(terminal: narrower, format: .table).showFeeds(rows, emptyNote: "none")
        #expect(narrower.outLines == [
            "1   120/150  Kernel Notes fro…",
            "2      3/20  Planet Terminal",
        ])
        for width in [80, 120] {
            let wide = TerminalSpy(isTTY: true, width: width)
            TerminalFeedListView(terminal: wide, format: .table).showFeeds(rows, emptyNote: "none")
            #expect(wide.outLines == [
                "1   120/150  12 days ago  Kernel Notes from the scheduler maintainers",
                "2      3/20  never        Planet Terminal",
            ], "width \(width)")
        }
    }

    @Test func tableTruncatesWideTitlesToTheWidth() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds([
            .fixture(1, title: "中文标题非常非常非常非常非常长的标题"),
        ], emptyNote: "none")
        let line = try! #require(terminal.outLines.first)
        #expect(DisplayWidth.of(String(line)) <= 40)
        #expect(line.hasSuffix("…"))
    }

    @Test func plainIsTabSeparated() {
        let terminal = TerminalSpy()
        TerminalFeedListView(terminal: terminal, format: .plain).showFeeds([
            .fixture(1, title: "Planet\tTerminal\n"), .fixture(2, lastError: "timeout", tags: ["linux", "tag\twith space"], synced: true),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "1\t3\t10\t2026-11-22T09:55:00Z\tPlanet Terminal\thttps://planet.example.org/rss.xml\t\tok\t0\t\t\tlocal",
            "2\t3\t10\t2026-11-22T09:55:00Z\tPlanet Terminal\thttps://planet.example.org/rss.xml\ttimeout\tfailing\t1\t\tlinux,tag with space\tsynced",
        ])
    }

    @Test func jsonHasExactlyTheDocumentedKeys() throws {
        let terminal = TerminalSpy()
        TerminalFeedListView(terminal: terminal, format: .json).showFeeds([.fixture(1, title: "A \u{202E}B", tags: ["linux", "news\u{1B}]0;x\u{07}"])], emptyNote: "none")
        #expect(terminal.out == #"{"feeds":[{"number":1,"title":"A B","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["linux","news"],"settings":{},"synced":false}]}"# + "\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        let feed = try #require((object["feeds"] as? [[String: Any]])?.first)
        #expect(Set(feed.keys) == [
            "number", "title", "url", "siteLink", "unread", "total", "lastRefreshed", "lastError", "health", "httpStatus",
            "consecutiveFailures", "nextCheck", "goneSince", "tags", "settings", "synced",
        ])
        #expect(feed["tags"] as? [String] == ["linux", "news"])
    }

    @Test func emptyListNotesOnStderrAndJSONStaysADocument() {
        let terminal = TerminalSpy()
        TerminalFeedListView(terminal: terminal, format: .plain).showFeeds([], emptyNote: "No feeds yet.")
        #expect(terminal.out.isEmpty)
        #expect(terminal.err == "No feeds yet.\n")
        let json = TerminalSpy()
        TerminalFeedListView(terminal: json, format: .json).showFeeds([], emptyNote: "No feeds yet.")
        #expect(json.out == "{\"feeds\":[]}\n")
        #expect(json.err.isEmpty)
    }

    // MARK: - Tags, at 40, 80 and 160 columns

    static let taggedRows: [FeedRow] = [
        .fixture(1, title: "Planet Terminal", unread: 3, total: 20, tags: ["linux", "news"]),
        .fixture(12, title: "中文博客：终端与工具的故事", unread: 0, total: 0, refreshed: "never", tags: ["中文"]),
        .fixture(3, title: "Emoji 🎉 Feed"),
    ]

    @Test func tagsFollowTheTitleAndGiveWayOnANarrowTerminal() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds(Self.taggedRows, emptyNote: "none")
        #expect(terminal.outLines == [
            " 1   3/20  5m     Planet Ter… [linux, n…",
            "12    0/0  never  中文博客：终端… [中文]",
            " 3   3/10  5m     Emoji 🎉 Feed",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 40) }
    }

    @Test func tagsFitWhole() {
        for width in [80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalFeedListView(terminal: terminal, format: .table).showFeeds(Self.taggedRows, emptyNote: "none")
            #expect(terminal.outLines == [
                " 1   3/20  5 min ago  Planet Terminal [linux, news]",
                "12    0/0  never      中文博客：终端与工具的故事 [中文]",
                " 3   3/10  5 min ago  Emoji 🎉 Feed",
            ], "width \(width)")
        }
    }

    @Test func hostileTitlesAndTagsNeverReachTheTerminal() {
        let row = FeedRow.fixture(
            1, title: "Bell\u{07}\u{1B}]0;pwned\u{07} \u{1B}[31mRed\u{1B}[0m \u{9B}2J \u{202E}txt.exe",
            tags: ["\u{202E}evil", "a\u{1B}[2Jb", "c\u{85}d"])
        for format in [OutputFormat.table, .plain, .json] {
            for width in [40, 80, 160] {
                let terminal = TerminalSpy(isTTY: format == .table, width: width)
                TerminalFeedListView(terminal: terminal, format: format).showFeeds([row], emptyNote: "none")
                #expect(terminal.dangerousScalars.isEmpty, "\(format) \(width): \(terminal.out.debugDescription)")
                #expect(!terminal.out.contains("\u{1B}") && !terminal.out.contains("\\u001b"), "\(format)")
            }
        }
        let terminal = TerminalSpy(isTTY: true, width: 80)
        TerminalFeedListView(terminal: terminal, format: .table).showFeeds([row], emptyNote: "none")
        #expect(terminal.outLines == ["1   3/10  5 min ago  Bell Red txt.exe [evil, ab, c d]"])
    }

    @Test func tagsAreDimWhenColorsAreOnAndTheLayoutStaysTheSame() {
        let plain = TerminalSpy(isTTY: true, width: 40)
        TerminalFeedListView(terminal: plain, format: .table).showFeeds(Self.taggedRows, emptyNote: "none")
        let colored = TerminalSpy(isTTY: true, width: 40, usesColor: true)
        TerminalFeedListView(terminal: colored, format: .table).showFeeds(Self.taggedRows, emptyNote: "none")
        #expect(colored.outLines == [
            " 1   3/20  5m     Planet Ter… \u{1B}[2m[linux, n…\u{1B}[0m",
            "12    0/0  never  中文博客：终端… \u{1B}[2m[中文]\u{1B}[0m",
            " 3   3/10  5m     Emoji 🎉 Feed",
        ])
        let withoutStyles = colored.out.replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(withoutStyles == plain.out)
    }
}
