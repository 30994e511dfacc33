import Foundation
import Testing
import TestSupport

/// The reader (`tidings` alone on a terminal) driven in a real terminal, a private tmux server,
/// against the real daemon and feeds served from 127.0.0.1: navigation, the browser (graphical
/// and terminal), marking, starring, searching, live items, resizing, and the terminal given
/// back on every way out (`q`, `Q`, SIGTERM, Ctrl-Z).
@Suite(.timeLimit(.minutes(4)))
struct ReaderTests {
    /// Three feeds on 127.0.0.1, subscribed in this order: Planet Terminal (3 items),
    /// Kernel Notes (2) and 喫茶 Notes (2), every item unread.
    struct World {
        let server: TestHTTPServer
        let daemon: DaemonHarness
        let atom: String

        static func start() async throws -> World {
            let server = try await TestHTTPServer.start()
            server.route("/rss.xml", .ok(try WorkflowTests.fixture("rss2.xml")))
            let atom = try WorkflowTests.fixture("atom.xml")
            server.route("/atom.xml", .ok(atom, contentType: "application/atom+xml"))
            server.route("/cafe.xml", .ok(try WorkflowTests.fixture("cafe.xml")))
            let daemon = try await DaemonHarness()
            for path in ["/rss.xml", "/atom.xml", "/cafe.xml"] {
                let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
                guard subscribed.status == 0 else { throw HarnessError("subscribe \(path): \(subscribed)") }
            }
            return World(server: server, daemon: daemon, atom: atom)
        }

        /// The client's command line for the pane (no command: the reader).
        var reader: String { "'\(Binaries.client.path)' --socket '\(daemon.socketPath)'" }

        /// The pane's environment: the harness's, plus `BROWSER` when given.
        func environment(browser: String? = nil) -> [String: String] {
            var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path)
            environment["BROWSER"] = browser
            return environment
        }

        /// A tmux pane running the reader, then (once it has ended) its exit status and the
        /// terminal's modes between `BEGIN-stty` and `END-stty`, and a sleep that keeps the pane.
        func readerPane(browser: String? = nil) async throws -> Tmux {
            try await Tmux(
                command: "\(reader); echo EXIT=$?; echo BEGIN-stty; stty -a; echo END-stty; sleep 60",
                environment: environment(browser: browser), directory: daemon.directory)
        }

        /// Stops the daemon (SIGTERM, not waited for: the test process may end before a
        /// deinit would run) and the HTTP server.
        func end() {
            daemon.signal(SIGTERM)
            Task { [server] in try? await server.stop() }
        }
    }

    // MARK: - Checks

    /// Waits for the feeds screen with the given counts on each row.
    static func waitForFeeds(_ tmux: Tmux, _ rows: [(counts: String, title: String)]) async throws {
        try await tmux.waitForScreen("the feeds \(rows)") { lines in
            rows.allSatisfy { row in lines.contains { $0.contains(row.counts + " ") && $0.contains(row.title) } }
        }
    }

    /// The words `stty -a` printed between the lines `BEGIN-marker` and `END-marker` (wrapped lines joined).
    static func terminalModes(_ tmux: Tmux, marker: String = "stty") async throws -> Set<String> {
        try await tmux.waitForLine(containing: "END-\(marker)")
        let lines = try await tmux.screen(history: true).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.lastIndex(of: "BEGIN-\(marker)"), let end = lines.lastIndex(of: "END-\(marker)"), begin < end else {
            throw HarnessError("no stty output between BEGIN-\(marker) and END-\(marker):\n\(lines.joined(separator: "\n"))")
        }
        return Set(lines[begin + 1..<end].joined(separator: " ").split { $0 == " " || $0 == ";" }.map(String.init))
    }

    /// The reader has ended with `status`, the alternate screen is off, and the terminal echoes
    /// and reads lines again (`echo`, `icanon`).
    static func expectRestored(_ tmux: Tmux, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let modes = try await terminalModes(tmux)
        let screen = try await tmux.screen(history: true)
        #expect(screen.contains { $0.trimmingCharacters(in: .whitespaces) == "EXIT=\(status)" }, "exit status: \(screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
        #expect(try await tmux.alternateScreen() == false, "the alternate screen was left on", sourceLocation: sourceLocation)
        #expect(modes.contains("echo") && !modes.contains("-echo"), "echo is off: \(modes.sorted())", sourceLocation: sourceLocation)
        #expect(modes.contains("icanon") && !modes.contains("-icanon"), "icanon is off: \(modes.sorted())", sourceLocation: sourceLocation)
    }

    /// Columns `line` takes on a terminal: two for East Asian wide characters and emoji.
    static func displayWidth(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2600...0x27BF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                width + 2
            default:
                width + 1
            }
        }
    }

    /// Polls (at most 30 s) for a file another process writes.
    static func waitForFile(_ path: String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !FileManager.default.fileExists(atPath: path) {
            guard ContinuousClock.now < deadline else { throw HarnessError("\(path) never appeared") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    // MARK: - Tests

    /// Feeds → items → article → browser and back; `N`, `*` and the counts on the feeds screen;
    /// a search; an item a refresh adds appearing in the open list; a resize to 40 columns;
    /// `q` on the feeds screen gives the terminal back.
    @Test func readMarkStarSearchLiveResizeQuit() async throws {
        let world = try await World.start()
        defer { world.end() }
        let browser = try BrowserScript(in: world.daemon.directory)
        let tmux = try await world.readerPane(browser: browser.command)
        defer { tmux.kill() }

        // The feeds screen: every feed with unread/total, "All unread" and "Starred" on top.
        try await Self.waitForFeeds(tmux, [
            ("(7)", "All unread"), ("(0)", "Starred"),
            ("(3/3)", "Planet Terminal"), ("(2/2)", "Kernel Notes"), ("(2/2)", "喫茶 Notes"),
        ])
        #expect(try await tmux.alternateScreen())

        // feeds → items → article
        try await tmux.send("j", "j", "Enter")
        try await tmux.waitForLine(containing: "Shell history tricks")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Spoiler: the keyboard.")
        try await tmux.waitForLine(containing: "Tiling window managers, revisited")

        // o: the browser gets exactly the item's link, as one argument.
        try await tmux.send("o")
        try await Self.waitForFile(browser.record)
        #expect(try browser.recordedArguments() == ["https://planet.example.org/2026/11/tiling-revisited"])

        // back to the items; N marks the second item read and moves on (as newsboat's does), *
        // stars the third.
        try await tmux.send("q")
        try await tmux.waitForLine(containing: "Shell history tricks")
        try await tmux.send("j", "N", "*")
        try await tmux.send("q")
        try await Self.waitForFeeds(tmux, [("(5)", "All unread"), ("(1)", "Starred"), ("(1/3)", "Planet Terminal")])

        // search: the results list the matching item.
        try await tmux.send("/")
        try await tmux.type("espresso")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "珈琲と猫")
        try await tmux.send("q")
        try await Self.waitForFeeds(tmux, [("(2/2)", "Kernel Notes")])

        // Kernel Notes' items open; a refresh from outside adds one: it appears without a key.
        try await tmux.send("g", "j", "j", "j", "Enter")
        try await tmux.waitForLine(containing: "io_uring gets another opcode")
        let firstEntry = try #require(world.atom.range(of: "<entry>"))
        world.server.route("/atom.xml", .ok(world.atom.replacingCharacters(in: firstEntry, with: """
            <entry><title>Fresh while reading</title><id>urn:reader:1</id><link href="https://notes.example.net/fresh"/>
            <updated>2026-11-23T08:00:00Z</updated></entry><entry>
            """), contentType: "application/atom+xml"))
        let refreshed = try await world.daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        try await tmux.waitForLine(containing: "Fresh while reading")

        // An article at 100 columns, then the window at 40: redrawn at the new width.
        try await tmux.send("q")
        try await Self.waitForFeeds(tmux, [("(3/3)", "Kernel Notes")])
        try await tmux.send("g", "j", "j", "Enter")
        try await tmux.waitForLine(containing: "Shell history tricks")
        try await tmux.send("g", "Enter")
        try await tmux.waitForLine(containing: "stuck. Spoiler: the keyboard.")
        try await tmux.resize(width: 40, height: 30)
        try await tmux.waitForScreen("the article wrapped at 40 columns") { lines in
            lines.contains { $0.contains("Spoiler: the keyboard.") } && lines.allSatisfy { Self.displayWidth($0) <= 40 }
        }
        try await tmux.send("q", "q")
        let feeds = try await tmux.waitForLine(containing: "喫茶 Notes")
        #expect(feeds.allSatisfy { Self.displayWidth($0) <= 40 }, "\(feeds.joined(separator: "\n"))")

        // q on the feeds screen leaves the reader: exit 0, the terminal as it was.
        try await tmux.send("q")
        try await Self.expectRestored(tmux, status: 0)
    }

    /// Code in an article keeps its indentation on the screen as in `tidings show`.
    @Test func codeInTheArticleKeepsItsIndentationAsShowDoes() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/code.xml", .ok("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Code blog</title><link>https://code.example/</link>
            <item><title>Snippet</title><link>https://code.example/a</link><guid>a</guid>
            <description>&lt;p&gt;Run:&lt;/p&gt;&lt;pre&gt;&lt;code&gt;echo 12
              indented
            \tafter a tab&lt;/code&gt;&lt;/pre&gt;</description></item>
            </channel></rss>
            """))
        let daemon = try await DaemonHarness()
        defer { daemon.signal(SIGTERM) }
        #expect(try await daemon.tidings(["subscribe", server.url("/code.xml")]).status == 0)
        let shown = try await daemon.tidings(["show", "1", "--no-mark"])
        #expect(shown.out.contains("\n  indented\n        after a tab"), "\(shown)")

        let tmux = try await Tmux(
            command: "'\(Binaries.client.path)' --socket '\(daemon.socketPath)'; sleep 60",
            environment: DaemonHarness.baseEnvironment(home: daemon.directory.path), directory: daemon.directory)
        defer { tmux.kill() }
        try await tmux.waitForLine(containing: "Code blog")
        try await tmux.send("j", "j", "Enter")
        try await tmux.waitForLine(containing: "Snippet")
        try await tmux.send("Enter")
        let article = try await tmux.waitForLine(containing: "echo 12")
        #expect(article.contains { $0.hasPrefix("  indented") }, "\(article)")
        #expect(article.contains { $0.hasPrefix("        after a tab") }, "\(article)")
    }

    /// A terminal browser (a script called w3m) gets the terminal, cooked, until it exits; the
    /// reader then takes its screen back and redraws; `Q` leaves from deep inside.
    @Test func terminalBrowserThenHardQuit() async throws {
        let world = try await World.start()
        defer { world.end() }
        let w3m = world.daemon.directory.appendingPathComponent("bin/w3m").path
        let argv = world.daemon.directory.appendingPathComponent("w3m-argv.txt").path
        let modes = world.daemon.directory.appendingPathComponent("w3m-stty.txt").path
        // Written by a child process, so no descriptor of it can leak into a program this test
        // process starts (which would make executing it fail with ETXTBSY).
        let written = try await ProcessResult.run(URL(fileURLWithPath: "/bin/sh"), ["-c", """
            mkdir -p "$(dirname "$1")"
            cat > "$1" <<EOF
            #!/bin/sh
            printf '%s\\n' "\\$@" > '\(argv)'
            stty -a > '\(modes)'
            echo "w3m stand-in showing \\$1; press Enter"
            read answer
            EOF
            chmod 755 "$1"
            """, "sh", w3m], environment: DaemonHarness.baseEnvironment(home: world.daemon.directory.path))
        #expect(written.status == 0, "\(written)")
        let tmux = try await world.readerPane(browser: w3m)
        defer { tmux.kill() }

        try await Self.waitForFeeds(tmux, [("(7)", "All unread")])
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Tiling window managers, revisited")
        try await tmux.send("g", "Enter")
        try await tmux.waitForLine(containing: "Spoiler: the keyboard.")

        // The browser has the terminal: no alternate screen, lines read with echo.
        try await tmux.send("o")
        try await tmux.waitForLine(containing: "w3m stand-in showing https://planet.example.org/2026/11/tiling-revisited")
        #expect(try await tmux.alternateScreen() == false)
        let browserModes = Set(try String(contentsOfFile: modes, encoding: .utf8).split { $0 == " " || $0 == ";" || $0 == "\n" }.map(String.init))
        #expect(browserModes.contains("echo") && browserModes.contains("icanon"), "\(browserModes.sorted())")
        #expect(try String(contentsOfFile: argv, encoding: .utf8) == "https://planet.example.org/2026/11/tiling-revisited\n")

        // It exits: the reader is back, redrawn.
        try await tmux.send("Enter")
        try await tmux.waitForAlternateScreen(true)
        try await tmux.waitForLine(containing: "Spoiler: the keyboard.")

        try await tmux.send("Q")
        try await Self.expectRestored(tmux, status: 0)
    }

    /// SIGTERM to the client: it ends with 143 and gives the terminal back.
    @Test func sigtermRestoresTheTerminal() async throws {
        let world = try await World.start()
        defer { world.end() }
        let tmux = try await world.readerPane()
        defer { tmux.kill() }

        try await Self.waitForFeeds(tmux, [("(7)", "All unread")])
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Tiling window managers, revisited")
        let pid = try #require(try await tmux.childProcess(named: "tidings"))
        kill(pid, SIGTERM)
        try await Self.expectRestored(tmux, status: 143)
    }

    /// Ctrl-Z in a shell with job control: the prompt comes back with the terminal restored;
    /// `fg` brings the reader back, redrawn.
    @Test func ctrlZSuspendsAndFgResumes() async throws {
        let world = try await World.start()
        defer { world.end() }
        // dash: it leaves the terminal's modes alone, so `stty -a` shows what the reader left.
        let tmux = try await Tmux(command: "/bin/sh -i", environment: world.environment(), directory: world.daemon.directory)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the shell's prompt") { lines in lines.contains { !$0.isEmpty } }
        try await tmux.type("PS1='PROMPT$ '; set -m")
        try await tmux.send("Enter")
        try await tmux.waitForScreen("the new prompt") { lines in lines.contains("PROMPT$") }
        try await tmux.type(world.reader)
        try await tmux.send("Enter")
        try await Self.waitForFeeds(tmux, [("(7)", "All unread"), ("(3/3)", "Planet Terminal")])

        try await tmux.send("C-z")
        try await tmux.waitForAlternateScreen(false)
        try await tmux.waitForScreen("the prompt after the stopped job") { lines in
            lines.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true
        }
        try await tmux.type("echo BEGIN-stopped; stty -a; echo END-stopped")
        try await tmux.send("Enter")
        let modes = try await Self.terminalModes(tmux, marker: "stopped")
        #expect(modes.contains("echo") && !modes.contains("-echo"), "\(modes.sorted())")
        #expect(modes.contains("icanon") && !modes.contains("-icanon"), "\(modes.sorted())")

        try await tmux.type("fg")
        try await tmux.send("Enter")
        try await tmux.waitForAlternateScreen(true)
        try await Self.waitForFeeds(tmux, [("(7)", "All unread"), ("(3/3)", "Planet Terminal")])

        try await tmux.send("q")
        try await tmux.waitForAlternateScreen(false)
        try await tmux.type("echo EXIT=$?; echo BEGIN-stty; stty -a; echo END-stty")
        try await tmux.send("Enter")
        try await Self.expectRestored(tmux, status: 0)
    }
}
