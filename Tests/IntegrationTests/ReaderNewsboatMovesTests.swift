import Foundation
import Testing
import TestSupport

/// newsboat's daily moves in the reader, in a real terminal (tmux) against the real daemon:
/// `n`/`p` from feed to feed, `J`/`K` and their unread forms.
@Suite(.timeLimit(.minutes(4)))
struct ReaderNewsboatMovesTests {
    /// `n` in an article goes on into the next feed with unread items when the feed has no
    /// more; the items screen below follows (its title, and `q` shows that feed's list);
    /// `J`/`K` step through the feeds; the feeds screen's cursor ends on the feed one was in.
    @Test func nextUnreadGoesFromFeedToFeedAndJKStepThroughTheFeeds() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        let tmux = try await world.readerPane()
        defer { tmux.kill() }
        try await ReaderTests.waitForFeeds(tmux, [("(7)", "All unread"), ("(3/3)", "Planet Terminal")])

        try await tmux.send("j", "j", "Enter")
        try await tmux.waitForLine(containing: "Shell history tricks")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Planet Terminal › #")
        // Three articles of Planet Terminal, then on into Kernel Notes.
        try await tmux.send("n", "n")
        try await tmux.waitForLine(containing: "Title:", "Shell history tricks")
        try await tmux.send("n")
        try await tmux.waitForLine(containing: "Kernel Notes › #")
        try await tmux.send("q")
        try await tmux.waitForScreen("Kernel Notes' items") { lines in
            lines.first?.contains("Kernel Notes") == true && lines.contains { $0.contains("io_uring gets another opcode") }
        }

        // J and K: the next and the previous feed's items in the screen's place.
        try await tmux.send("J")
        try await tmux.waitForScreen("喫茶 Notes' items") { lines in
            lines.first?.contains("喫茶 Notes") == true && lines.contains { $0.contains("Grinders compared") }
        }
        try await tmux.send("J")
        try await tmux.waitForLine(containing: "No feed after this one")
        try await tmux.send("K")
        try await tmux.waitForScreen("Kernel Notes' items again") { lines in
            lines.first?.contains("Kernel Notes") == true
        }
        // Planet Terminal is read through now: no unread feed before this one.
        try await tmux.send("C-p")
        try await tmux.waitForLine(containing: "No feed with unread items before this one")

        // Back on the feeds screen, the cursor is on Kernel Notes.
        try await tmux.send("q")
        try await ReaderTests.waitForFeeds(tmux, [("(0/3)", "Planet Terminal")])
        try await tmux.send("Enter")
        try await tmux.waitForScreen("Kernel Notes' items from the feeds screen") { lines in
            lines.first?.contains("Kernel Notes") == true && lines.contains { $0.contains("io_uring gets another opcode") }
        }
    }
}

extension ReaderNewsboatMovesTests {
    /// An article with links and words to find: `/` finds and highlights, `n`/`N` step,
    /// Esc stops; `2` opens link [2] at once and `#` asks for a number.
    @Test func findInTheArticleAndOpenLinksByNumber() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/links.xml", .ok("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Link blog</title><link>https://links.example/</link>
            <item><title>Three links</title><link>https://links.example/post</link><guid>p</guid>
            <description>&lt;p&gt;First &lt;a href="https://one.example/"&gt;one&lt;/a&gt;, then
            &lt;a href="https://two.example/"&gt;two&lt;/a&gt; and &lt;a href="https://three.example/"&gt;three&lt;/a&gt;.&lt;/p&gt;
            &lt;p&gt;The kernel is the core. A second Kernel line.&lt;/p&gt;</description></item>
            </channel></rss>
            """))
        let daemon = try await DaemonHarness()
        defer { daemon.signal(SIGTERM) }
        #expect(try await daemon.tidings(["subscribe", server.url("/links.xml")]).status == 0)
        let browser = try BrowserScript(in: daemon.directory)
        var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path)
        environment["BROWSER"] = browser.command
        let tmux = try await Tmux(
            command: "'\(Binaries.client.path)' --socket '\(daemon.socketPath)'; sleep 60",
            environment: environment, directory: daemon.directory)
        defer { tmux.kill() }
        try await tmux.waitForLine(containing: "Link blog")
        try await tmux.send("j", "j", "Enter")
        try await tmux.waitForLine(containing: "Three links")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "[3] https://three.example/")

        try await tmux.send("/")
        try await tmux.waitForLine(containing: "Find in article:")
        try await tmux.type("kernel")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "1 of 2 matches for “kernel”")
        let highlighted = try await tmux.command(["capture-pane", "-p", "-e", "-t", "it"])
        #expect(highlighted.out.contains("\u{1B}[7mkernel"), "the match in reverse video: \(highlighted.out)")
        try await tmux.send("n")
        try await tmux.waitForLine(containing: "2 of 2 matches")
        try await tmux.send("N")
        try await tmux.waitForLine(containing: "1 of 2 matches")
        try await tmux.send("Escape")
        try await tmux.waitForLine(containing: "Done finding")

        try await tmux.send("2")
        try await ReaderTests.waitForFile(browser.record)
        #expect(try browser.recordedArguments() == ["https://two.example/"])
        try FileManager.default.removeItem(atPath: browser.record)
        try await tmux.send("#")
        try await tmux.waitForLine(containing: "Open link number:")
        try await tmux.type("3")
        try await tmux.send("Enter")
        try await ReaderTests.waitForFile(browser.record)
        #expect(try browser.recordedArguments() == ["https://three.example/"])
        try await tmux.send("9")
        try await tmux.waitForLine(containing: "This article has no link [9]")
    }
}

extension ReaderNewsboatMovesTests {
    /// Writes the client's config file (`$XDG_CONFIG_HOME/tidings/config.yaml`).
    static func writeClientConfig(_ text: String, home: URL) throws {
        let directory = home.appendingPathComponent("config/tidings")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: directory.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
    }

    /// `reader:` hides read items and shows item numbers; `l` on an items screen lists the read
    /// ones too; a mistake under `keys:` is told by `tidings reload` with the file and line,
    /// and by the reader, which does not open.
    @Test func theReadersSettingsHideReadItemsShowNumbersAndAMistakeIsToldWithItsLine() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        let marked = try await world.daemon.tidings(["read", "1"])
        #expect(marked.status == 0, "\(marked)")
        let config = world.daemon.directory.appendingPathComponent("config/tidings/config.yaml").path
        try Self.writeClientConfig("reader:\n  show_read_articles: false\n  item_numbers: true\n", home: world.daemon.directory)
        let tmux = try await world.readerPane()
        defer { tmux.kill() }
        try await ReaderTests.waitForFeeds(tmux, [("(2/3)", "Planet Terminal")])
        try await tmux.send("j", "j", "Enter")
        let unread = try await tmux.waitForScreen("Planet Terminal's unread items, numbered") { lines in
            lines.first?.contains("Planet Terminal") == true && lines.contains { $0.hasPrefix("   2 N") } && lines.contains { $0.hasPrefix("   3 N") }
        }
        #expect(!unread.contains { $0.hasPrefix("   1 ") }, "item 1 is read: \(unread.joined(separator: "\n"))")
        try await tmux.send("l")
        try await tmux.waitForScreen("every item of Planet Terminal") { lines in
            lines.contains { $0.hasPrefix("   1   ") } && lines.contains { $0.contains("Showing read items too") }
        }
        try await tmux.send("Q")

        try Self.writeClientConfig("browser: w3m\nkeys:\n  up: k\n  frobnicate: x\n", home: world.daemon.directory)
        let reloaded = try await world.daemon.tidings(["reload"])
        #expect(reloaded.status == 1, "\(reloaded)")
        #expect(reloaded.err.contains("\(config) line 4: keys: unknown action `frobnicate` (one of: up, down,"), "\(reloaded)")
        let refused = try await tmux.command(["respawn-window", "-k", "-t", "it", "\(world.reader); echo EXIT=$?; sleep 60"])
        #expect(refused.status == 0)
        try await tmux.waitForLine(containing: "EXIT=1")
        let told = try await tmux.screen(history: true).joined(separator: "\n")
        #expect(told.contains("tidings: cannot open the reader: \(config) line 4: keys: unknown action `frobnicate`"), "\(told)")
    }
}

extension ReaderNewsboatMovesTests {
    /// `s` saves the article to a file named after its title (and asks before replacing it),
    /// `|` gives the terminal to the configured command with the article on its input, `^B`
    /// runs the bookmark command with newsboat's arguments, and `,x` runs a macro.
    @Test func saveThePipeBookmarkAndAMacroActOnTheArticle() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        let directory = world.daemon.directory.path
        let bookmarks = directory + "/bookmarks.txt"
        let script = directory + "/bin/bookmark"
        let written = try await ProcessResult.run(URL(fileURLWithPath: "/bin/sh"), ["-c", """
            mkdir -p "$(dirname "$1")" "$3"
            printf '#!/bin/sh\\nprintf "%%s\\\\n" "$@" > %s\\necho "bookmarked it"\\n' "$2" > "$1"
            chmod 755 "$1"
            """, "sh", script, bookmarks, directory + "/saved"], environment: DaemonHarness.baseEnvironment(home: directory))
        #expect(written.status == 0, "\(written)")
        try Self.writeClientConfig("""
            reader:
              save_directory: \(directory)/saved
              pipe_to: [tee, \(directory)/piped.txt]
              bookmark_cmd: \(script)
            macros:
              x: [toggle-star, quit]
            """, home: world.daemon.directory)
        let tmux = try await world.readerPane()
        defer { tmux.kill() }
        try await ReaderTests.waitForFeeds(tmux, [("(3/3)", "Planet Terminal")])
        try await tmux.send("j", "j", "Enter")
        try await tmux.waitForLine(containing: "Shell history tricks")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Spoiler: the keyboard.")

        let saved = directory + "/saved/Tiling_window_managers_revisited.txt"
        try await tmux.send("s")
        try await tmux.waitForLine(containing: "Save article to: \(saved)")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Saved to \(saved)")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("Title:  Tiling window managers, revisited\n"), "\(text)")
        #expect(text.contains("Spoiler: the keyboard."), "\(text)")
        try await tmux.send("s", "Enter")
        try await tmux.waitForLine(containing: "\(saved) exists. Replace it? (y/n)")
        try await tmux.send("y")
        try await tmux.waitForLine(containing: "Saved to \(saved)")

        try await tmux.send("|")
        try await tmux.waitForLine(containing: "Pipe article to: tee \(directory)/piped.txt")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Press Enter to go back to the reader.")
        #expect(try await tmux.alternateScreen() == false)
        try await tmux.send("Enter")
        try await tmux.waitForAlternateScreen(true)
        try await tmux.waitForLine(containing: "Spoiler: the keyboard.")
        #expect(try String(contentsOfFile: directory + "/piped.txt", encoding: .utf8) == text)

        try await tmux.send("C-b")
        try await tmux.waitForLine(containing: "Bookmark description:")
        try await tmux.type("worth a look")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Bookmarked: bookmarked it")
        #expect(try String(contentsOfFile: bookmarks, encoding: .utf8) == """
            https://planet.example.org/2026/11/tiling-revisited
            Tiling window managers, revisited
            worth a look
            Planet Terminal

            """)

        // The macro stars the item and goes back to the list.
        try await tmux.send(",", "x")
        try await tmux.waitForScreen("the list with the item starred") { lines in
            lines.contains { $0.contains("*") && $0.contains("Tiling window managers, revisited") }
                && lines.contains { $0.contains("Shell history tricks") }
        }
    }
}

extension ReaderNewsboatMovesTests {
    /// On a failing feed's row, the reader says what is wrong, as `tidings feeds` does.
    @Test func aFailingFeedsReasonIsOnTheStatusLineOnItsRow() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        world.server.route("/rss.xml", TestHTTPResponse(status: 503, headers: [], body: Array("down".utf8)))
        _ = try await world.daemon.tidings(["refresh", "1"])
        let tmux = try await world.readerPane()
        defer { tmux.kill() }
        try await ReaderTests.waitForFeeds(tmux, [("(3/3)", "Planet Terminal")])
        try await tmux.send("j", "j")
        try await tmux.waitForLine(containing: "error: HTTP 503")
        try await tmux.send("j")
        try await tmux.waitForScreen("the message gone on a healthy feed") { lines in !lines.contains { $0.contains("error: HTTP 503") } }
    }
}

extension ReaderNewsboatMovesTests {
    static let terminalTypes = ["xterm-256color", "screen-256color", "tmux-256color"]

    /// Keys as tmux sends them, under each TERM a reader meets there (tmux's own sequences,
    /// whatever the entry says): Home, End, Page keys, Delete, Insert, F-keys and modified
    /// arrows move or do nothing, never quit as an ESC would; pasted text is typed text in a
    /// prompt and nothing elsewhere.
    @Test(arguments: terminalTypes)
    func keysAsTerminalsSendThemAreNeverTakenForEscape(term: String) async throws {
        #expect(!Self.terminalTypes.isEmpty)
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        var environment = world.environment()
        environment["TERM"] = term
        let tmux = try await Tmux(command: "\(world.reader); echo EXIT=$?; sleep 60", environment: environment, directory: world.daemon.directory)
        defer { tmux.kill() }
        try await ReaderTests.waitForFeeds(tmux, [("(7)", "All unread")])
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Shell history tricks")
        func selected(_ position: String) async throws {
            try await tmux.waitForScreen("the cursor at \(position) (TERM=\(term))") { lines in
                lines.first?.hasSuffix(position) == true
            }
        }
        try await tmux.send("End")
        try await selected("7/7")
        try await tmux.send("Home")
        try await selected("1/7")
        try await tmux.send("NPage")
        try await selected("7/7")
        try await tmux.send("PPage")
        try await selected("1/7")
        try await tmux.send("C-Down", "S-Down", "M-Down", "IC", "DC", "F5", "F12", "S-Left", "M-j")
        try await selected("4/7")
        // Pasted into the list, text does nothing (no `q` quits, no `A` marks); into the
        // search prompt it is typed.
        try await tmux.command(["set-buffer", "-b", "p", "qAq"])
        try await tmux.command(["paste-buffer", "-p", "-b", "p", "-t", "it"])
        try await tmux.send("End")
        try await selected("7/7")
        try await tmux.send("/")
        try await tmux.waitForLine(containing: "Search:")
        try await tmux.command(["set-buffer", "-b", "p", "espresso\nline"])
        try await tmux.command(["paste-buffer", "-p", "-b", "p", "-t", "it"])
        try await tmux.waitForLine(containing: "Search: espresso line")
        try await tmux.send("Escape")
        try await tmux.waitForScreen("the prompt closed by a lone ESC") { lines in !lines.contains { $0.contains("Search:") } }
        try await tmux.send("Escape")
        try await ReaderTests.waitForFeeds(tmux, [("(7)", "All unread")])
    }
}

extension ReaderNewsboatMovesTests {
    /// `S` lists a feed's items by title (the daemon sorts and pages them), then by feed,
    /// unread first, newest first again; `sort: title` under `reader:` starts so.
    @Test func sortListsTheItemsByTitleThroughTheDaemon() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        try Self.writeClientConfig("reader:\n  sort: title\n", home: world.daemon.directory)
        let tmux = try await world.readerPane()
        defer { tmux.kill() }
        try await ReaderTests.waitForFeeds(tmux, [("(3/3)", "Planet Terminal")])
        try await tmux.send("j", "j", "Enter")
        func order(_ what: String, _ titles: [String]) async throws {
            try await tmux.waitForScreen(what) { lines in
                let rows = titles.compactMap { title in lines.firstIndex { $0.contains(title) } }
                return rows.count == titles.count && rows == rows.sorted()
            }
        }
        try await tmux.waitForLine(containing: "Planet Terminal (by title)")
        try await order("by title", ["Shell history tricks", "Tiling window managers", "Why I still read feeds"])
        try await tmux.send("S", "S", "S")
        try await tmux.waitForLine(containing: "Items newest first")
        try await order("newest first", ["Tiling window managers", "Why I still read feeds", "Shell history tricks"])
    }
}
