import FeedImages
import Foundation
import Testing
import TestSupport

/// Pictures drawn by real terminals under Xvfb, xterm with sixels (`xterm -ti vt340`) and kitty
/// with its graphics protocol, each asked by tidings itself, the window found with xdotool, and
/// screenshots whose pixels show the picture where the article has it: `tidings show`, and the
/// reader's article screen, the picture placed, moved and cleared as the article scrolls; in tmux
/// without passthrough, the text form and no fetch.
@Suite(.timeLimit(.minutes(2)))
struct ImagesInTerminalTests {
    /// 240×120: the left half red, the right half blue.
    static let picture: Data = {
        var rgba = [UInt8]()
        for _ in 0..<120 { for x in 0..<240 { rgba += x < 120 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        return TerminalImageEncoder.png(
            DecodedImage(width: 240, height: 120, rgba: rgba, sourceWidth: 240, sourceHeight: 120, format: .png))!
    }()

    /// A daemon subscribed to a feed whose one item has the picture between two paragraphs, and
    /// `more` paragraphs after them.
    static func world(more: Int = 0) async throws -> (server: TestHTTPServer, daemon: DaemonHarness, number: Int) {
        let server = try await TestHTTPServer.start()
        server.route("/pic.png", TestHTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: Array(picture)))
        let rest = (0..<more).map { "&lt;p&gt;Paragraph \($0).&lt;/p&gt;" }.joined()
        let description = """
            &lt;p&gt;Before the picture.&lt;/p&gt;&lt;p&gt;&lt;img src="\(server.url("/pic.png"))" alt="red and blue"&gt;&lt;/p&gt;&lt;p&gt;After the picture.&lt;/p&gt;\(rest)
            """
        server.route("/feed.xml", .ok("""
            <rss version="2.0"><channel><title>Pictures</title>
            <item><guid>p</guid><title>A picture</title><link>\(server.url("/post"))</link><description>\(description)</description></item>
            </channel></rss>
            """))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let numbers = try await FullTextTests.numbers(daemon)
        return (server, daemon, try #require(numbers[server.url("/post")]))
    }

    @Test(arguments: Terminal.allCases)
    func showDrawsThePictureBelowItsLine(in terminal: Terminal) async throws {
        #expect(!Terminal.allCases.isEmpty)
        let (server, daemon, number) = try await Self.world()
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        // The text as laid out 100 columns wide: the picture goes below the line that names it.
        let text = try await daemon.tidings(["show", "\(number)", "--no-mark"], environment: ["COLUMNS": "100"])
        let lines = text.out.components(separatedBy: "\n")
        let imageLine = try #require(lines.firstIndex { $0.contains("[image: red and blue]") }, "\(text.out)")

        let display = try await XDisplay()
        defer { display.end() }
        let (_, size) = try await Self.start(terminal, rows: 40, running: ["show", "\(number)", "--no-mark"], daemon, on: display)
        let cellHeight = size[1] / 40

        // Wait for the picture's pixels (the red of its left half) to appear.
        let isRed = { (r: UInt8, g: UInt8, b: UInt8) in r > 200 && g < 70 && b < 70 }
        let isBlue = { (r: UInt8, g: UInt8, b: UInt8) in r < 70 && g < 70 && b > 200 }
        let clock = ContinuousClock(), deadline = clock.now + .seconds(30)
        var shot = try await display.screenshot()
        while shot.region(where: isRed).count < 120 * 100, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            shot = try await display.screenshot()
        }
        let red = shot.region(where: isRed), blue = shot.region(where: isBlue)
        // Required: the geometry below is meaningless (and overflows) without both halves.
        try #require(red.count >= 120 * 100, "the picture's red half is on screen (\(red.count) pixels)\n\(daemon.log().suffix(2000))")
        try #require(blue.count >= 120 * 100, "and its blue half (\(blue.count) pixels)")
        #expect(blue.minX >= red.maxX - 2 && abs(blue.minY - red.minY) <= 2, "blue to the right of red, as in the image")
        #expect(abs((red.maxX - red.minX + 1) - 120) <= 6 && abs((red.maxY - red.minY + 1) - 120) <= 6, "\(red)")
        // The top of the picture is the row after the `[image: …]` line.
        let expectedTop = (imageLine + 1) * cellHeight
        #expect(abs(red.minY - expectedTop) <= cellHeight, "top at \(red.minY), the row after line \(imageLine) starts at \(expectedTop)")
        #expect(server.requests(for: "/pic.png").count == 1)
    }

    /// `terminal`, 100 columns by `rows`, running `tidings ARGUMENTS` on `daemon`'s socket and
    /// kept open after it ends; its window and size once mapped.
    static func start(
        _ terminal: Terminal, rows: Int, running arguments: [String], _ daemon: DaemonHarness, on display: XDisplay
    ) async throws -> (id: String, size: [Int]) {
        var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path).merging(terminal.environment) { $1 }
        environment["TIDINGS_SOCKET"] = daemon.socketPath
        try display.start(terminal.argv(rows: rows, command: [Binaries.client.path] + arguments), environment: environment)
        return try await window(of: display, class: terminal.windowClass)
    }

    /// A terminal's window and its size in pixels: of the windows of its class, the largest (the
    /// search also finds smaller ones of its own, in no set order), once it is mapped.
    static func window(of display: XDisplay, class name: String = "XTerm") async throws -> (id: String, size: [Int]) {
        let found = try await display.run(["/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--class", name])
        var best: (id: String, size: [Int])?
        for id in found.out.split(separator: "\n").map(String.init) {
            let geometry = try await display.run(["/usr/bin/xdotool", "getwindowgeometry", id])
            guard let size = geometry.out.split(separator: "\n").first(where: { $0.contains("Geometry:") })?
                .split(separator: " ").last?.split(separator: "x").compactMap({ Int($0) }), size.count == 2
            else { continue }
            if size[0] * size[1] > (best.map { $0.size[0] * $0.size[1] } ?? 0) { best = (id, size) }
        }
        return try #require(best, "no \(name) window: \(found)")
    }

    /// The real terminals the reader's pictures are tried in: xterm with sixels, and kitty with
    /// its own graphics protocol (software OpenGL under Xvfb), each asked by the reader itself.
    enum Terminal: String, CaseIterable, CustomTestStringConvertible {
        case xterm, kitty

        var testDescription: String { rawValue }

        /// The terminal 100 columns by `rows`, running `command`, its window kept once it ends.
        func argv(rows: Int, command: [String]) -> [String] {
            switch self {
            case .xterm:
                ["/usr/bin/xterm", "-ti", "vt340", "-geometry", "100x\(rows)+0+0", "-fn", "fixed", "-b", "0", "-hold", "-e"] + command
            case .kitty:
                [
                    "/usr/bin/kitty", "--config", "NONE", "--hold", "-o", "initial_window_width=100c",
                    "-o", "initial_window_height=\(rows)c", "-o", "remember_window_size=no", "-o", "window_padding_width=0",
                    "-o", "placement_strategy=top-left", "-o", "font_size=9", "-o", "allow_remote_control=no",
                ] + command
            }
        }

        var windowClass: String { self == .xterm ? "XTerm" : "kitty" }
        /// kitty draws with OpenGL: Mesa's software renderer under Xvfb.
        var environment: [String: String] { self == .kitty ? ["LIBGL_ALWAYS_SOFTWARE": "1"] : [:] }
    }

    static func isRed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool { r > 200 && g < 70 && b < 70 }

    /// Screenshots until `done` holds of one, for at most `seconds`; the last one taken.
    static func shot(of display: XDisplay, seconds: Int = 30, until done: (Screenshot) -> Bool) async throws -> Screenshot {
        let clock = ContinuousClock(), deadline = clock.now + .seconds(seconds)
        var shot = try await display.screenshot()
        while !done(shot), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            shot = try await display.screenshot()
        }
        return shot
    }

    @Test(arguments: Terminal.allCases)
    func theReadersArticleScreenPlacesThePictureAndMovesAndClearsItAsItScrolls(in terminal: Terminal) async throws {
        #expect(!Terminal.allCases.isEmpty)
        let (server, daemon, _) = try await Self.world(more: 30)
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        let display = try await XDisplay()
        defer { display.end() }
        let (id, size) = try await Self.start(terminal, rows: 24, running: [], daemon, on: display)
        let cellHeight = size[1] / 24
        // The reader is up once its title bar (reverse video) is drawn over the first row; keys
        // typed before would reach the terminal's answers to the reader's questions.
        let titleBar = { (shot: Screenshot) -> Int in
            let background = shot.pixel(size[0] - 3, size[1] / 2)
            var differing = 0
            for y in 0..<cellHeight {
                for x in 0..<size[0] where shot.pixel(x, y) != background { differing += 1 }
            }
            return differing
        }
        let up = try await Self.shot(of: display) { titleBar($0) > size[0] * cellHeight / 2 }
        #expect(titleBar(up) > size[0] * cellHeight / 2, "the reader's title bar")
        _ = try await display.run(["/usr/bin/xdotool", "windowfocus", "--sync", id])
        // The feed, then its item.
        _ = try await display.run(["/usr/bin/xdotool", "key", "--delay", "300", "Return", "Return"])
        let shown = try await Self.shot(of: display) { $0.region(where: Self.isRed).count >= 120 * 100 }
        let first = shown.region(where: Self.isRed)
        #expect(first.count >= 120 * 100, "the picture's red half on screen (\(first.count) pixels)\n\(daemon.log().suffix(2000))")
        #expect(abs((first.maxY - first.minY + 1) - 120) <= 6, "\(first)")
        #expect((first.minY - 1) % cellHeight <= 1 || first.minY % cellHeight <= 1, "at the top of a row: \(first.minY)")

        // A line down: the picture a row higher, nothing of it left below.
        _ = try await display.run(["/usr/bin/xdotool", "key", "j"])
        let moved = try await Self.shot(of: display) { $0.region(where: Self.isRed).minY <= first.minY - cellHeight + 1 }
        let after = moved.region(where: Self.isRed)
        #expect(abs(after.minY - (first.minY - cellHeight)) <= 1, "moved up a row: \(first) → \(after)")
        #expect(abs((after.maxY - after.minY + 1) - 120) <= 6, "one picture, not the old one's rest as well: \(after)")

        // The article's end: the picture scrolled away is cleared.
        _ = try await display.run(["/usr/bin/xdotool", "key", "G"])
        let gone = try await Self.shot(of: display) { $0.region(where: Self.isRed).count == 0 }
        #expect(gone.region(where: Self.isRed).count == 0, "the picture cleared once scrolled away: \(gone.region(where: Self.isRed))")

        // Back at the top: drawn again where it was, from the daemon's cache, not fetched again.
        _ = try await display.run(["/usr/bin/xdotool", "key", "g"])
        let back = try await Self.shot(of: display) { $0.region(where: Self.isRed).count >= 120 * 100 }
        #expect(abs(back.region(where: Self.isRed).minY - first.minY) <= 1)
        #expect(server.requests(for: "/pic.png").count == 1)
    }

    @Test func tmuxWithoutPassthroughShowsTheTextFormAndFetchesNothing() async throws {
        let (server, daemon, number) = try await Self.world()
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        let tmux = try await Tmux(
            command: "'\(Binaries.client.path)' --socket '\(daemon.socketPath)' show \(number) --no-mark; sleep 60",
            environment: DaemonHarness.baseEnvironment(home: daemon.directory.path), directory: daemon.directory)
        defer { tmux.kill() }
        try await tmux.waitForLine(containing: "After the picture.")
        try await tmux.waitForLine(containing: "[image: red and blue][1]")
        #expect(server.requests(for: "/pic.png").isEmpty, "nothing to draw it with: not fetched")
        // --json names the picture's URL.
        let json = try await FullTextTests.show(number, daemon)
        #expect(json["images"] as? [String] == [server.url("/pic.png")])
    }
}
