import Foundation
import Testing
import TestSupport

/// The reader on feeds as real sites served them (Fixtures/RealWorld: RSS 2.0, RSS 1.0, Atom
/// 0.3, in UTF-8, KOI8-R and EUC-JP, with code in `<pre>`), at 40, 80 and 120 columns: every
/// feed's title and its items fit the width, and what the reader saves of an article is what
/// `tidings show` prints (each feed's newest item at 120 columns, the items with code at every
/// width), the code's indentation kept.
/// Serialized: each width drives a reader through thirty screens, and the whole suite runs
/// beside every other on two cores.
@Suite(.timeLimit(.minutes(4)), .serialized)
struct RealWorldReaderTests {
    static let widths = [40, 80, 120]

    /// The files, and the items (by their place in the feed's list, newest first) to save
    /// besides the newest: those with code.
    static let feeds: [(file: String, withCode: [Int])] = [
        ("linuxbox.hu.xml", []), ("anitabee.blogspot.com.xml", []), ("balatonblog.typepad.com.xml", []),
        ("forum.template-toolkit.ru.1.xml", [13, 18]), ("misuzilla.org.xml", [2]), ("newsru.com.xml", []),
    ]

    @Test(arguments: widths)
    func realFeedsReadInTheReaderAsShowPrintsThem(columns: Int) async throws {
        #expect(!Self.widths.isEmpty && !Self.feeds.isEmpty)
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let daemon = try await DaemonHarness()
        defer { daemon.signal(SIGTERM) }
        for feed in Self.feeds {
            let url = try #require(Bundle.module.url(forResource: "Fixtures/RealWorld/\(feed.file)", withExtension: nil))
            server.route("/\(feed.file)", TestHTTPResponse(status: 200, headers: [("Content-Type", "application/xml")], body: Array(try Data(contentsOf: url))))
            let subscribed = try await daemon.tidings(["subscribe", server.url("/\(feed.file)")])
            #expect(subscribed.status == 0, "\(subscribed)")
        }
        // Numbers and titles as the daemon has them: feeds in subscription order.
        let feedRows = try await daemon.tidings(["feeds"]).out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(feedRows.count == Self.feeds.count, "\(feedRows)")
        let directory = daemon.directory.path
        try ReaderNewsboatMovesTests.writeClientConfig("reader:\n  save_directory: \(directory)\n", home: daemon.directory)
        var environment = DaemonHarness.baseEnvironment(home: directory)
        environment["TERM"] = "tmux-256color"
        let tmux = try await Tmux(
            command: "'\(Binaries.client.path)' --socket '\(daemon.socketPath)'; echo EXIT=$?; sleep 60", environment: environment,
            directory: daemon.directory, width: columns, height: 40)
        defer { tmux.kill() }
        let feedsScreen = try await tmux.waitForLine(containing: "All unread")
        for line in feedsScreen { #expect(ReaderTests.displayWidth(line) <= columns, "\(line.debugDescription) at \(columns)") }

        for (index, feed) in Self.feeds.enumerated() {
            let number = feedRows[index][0]
            let title = feedRows[index][4]
            // The feed's row: the first screen line with the start of its title (the screen
            // cuts it to the width).
            let shown = String(title.prefix(max(4, min(title.count, columns / 4))))
            let screen = try await tmux.waitForLine(containing: shown)
            let row = try #require(screen.firstIndex { $0.contains(shown) })
            try await tmux.send("Home")
            for _ in 1..<row { try await tmux.send("j") }
            try await tmux.send("Enter")
            let items = try await tmux.waitForScreen("the items of \(feed.file)") { lines in
                lines.first?.contains(String(title.prefix(6))) == true && lines.contains { $0.hasPrefix("q:Quit") }
            }
            for line in items { #expect(ReaderTests.displayWidth(line) <= columns, "\(feed.file): \(line.debugDescription) at \(columns)") }
            let listed = try await daemon.tidings(["list", "--feed", number, "--all", "--limit", "100"]).out
                .split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
            // Every feed's newest item at 120 columns, where the two layouts must be the same
            // line for line; the items with code at every width.
            for place in (columns >= 120 ? [0] : []) + feed.withCode {
                let item = listed[place]
                try await tmux.send("Home")
                for _ in 0..<place { try await tmux.send("j") }
                try await tmux.send("Enter")
                try await tmux.waitForScreen("item \(item) of \(feed.file)") { lines in
                    lines.contains { $0.hasPrefix("Feed:") }
                }
                let path = "\(directory)/\(item).txt"
                try await tmux.send("s", "C-u")
                try await tmux.type(path)
                try await tmux.send("Enter")
                try await tmux.waitForLine(containing: "Saved to")
                let saved = try String(contentsOfFile: path, encoding: .utf8)
                let show = try await daemon.tidings(["show", item, "--no-mark"], environment: ["COLUMNS": String(columns - 1)])
                #expect(show.status == 0, "\(show)")
                if columns >= 120 {
                    #expect(saved == show.out, "\(feed.file) item \(item) at \(columns):\n\(saved)\n---\n\(show.out)")
                } else {
                    #expect(saved.filter { !$0.isWhitespace } == show.out.filter { !$0.isWhitespace }, "\(feed.file) item \(item) at \(columns)")
                }
                #expect(saved.split(separator: "\n").allSatisfy { ReaderTests.displayWidth(String($0)) <= columns - 1 }, "\(saved)")
                if feed.file == "misuzilla.org.xml", place == 2 {
                    // Code in a quote: the quote's mark, then the code's own two spaces.
                    #expect(saved.contains("\n>   top: expressｉon("), "the code's indentation: \(saved)")
                }
                if feed.file.hasPrefix("forum."), place == 13 {
                    #expect(saved.contains("\n[%SET i=\"aaa\".\"bbb\" %]\n"), "the code as written: \(saved)")
                }
                try await tmux.send("q")
                try await tmux.waitForScreen("back on the items of \(feed.file)") { lines in !lines.contains { $0.hasPrefix("Title:") } }
            }
            try await tmux.send("q")
            try await tmux.waitForLine(containing: "All unread")
        }
    }
}
