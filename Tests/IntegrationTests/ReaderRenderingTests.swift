import Foundation
import Testing
import TestSupport

/// The reader's article screen and `tidings show` render an article alike: the same layout of
/// header, text and links, at 40, 80 and 120 columns, from the real daemon's rendering.
@Suite(.timeLimit(.minutes(3)))
struct ReaderRenderingTests {
    static let widths = [40, 80, 120]

    /// Each item of the three feeds, saved from the reader (`s`, the screen's lines as text)
    /// and shown by `tidings show` at the reader's text width: the same text, and at 120
    /// columns, where every link fits, the same lines.
    @Test(arguments: widths)
    func theReaderAndShowRenderEveryItemAlike(columns: Int) async throws {
        #expect(!Self.widths.isEmpty)
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        let directory = world.daemon.directory.path
        try ReaderNewsboatMovesTests.writeClientConfig("reader:\n  save_directory: \(directory)\n", home: world.daemon.directory)
        let tmux = try await Tmux(
            command: "\(world.reader); sleep 60", environment: world.environment(), directory: world.daemon.directory,
            width: columns, height: 40)
        defer { tmux.kill() }
        try await tmux.waitForLine(containing: "All unread")
        // All unread, newest first: each item in turn, saved under its number.
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Shell history tricks")
        try await tmux.send("Enter")
        var seen: Set<String> = []
        for index in 0..<7 {
            // The number in the title bar (`Feed › #5`), once it is one not seen before.
            func number(_ lines: [String]) -> String? {
                guard lines.contains(where: { $0.hasPrefix("Title:") }), let bar = lines.first, let mark = bar.lastIndex(of: "#") else { return nil }
                let number = String(bar[bar.index(after: mark)...].prefix { $0.isNumber })
                return number.isEmpty || seen.contains(number) ? nil : number
            }
            let screen = try await tmux.waitForScreen("article \(index + 1)") { number($0) != nil }
            let number = try #require(number(screen))
            seen.insert(number)
            try await tmux.send("s", "C-u")
            try await tmux.type("\(directory)/\(number).txt")
            try await tmux.send("Enter")
            try await tmux.waitForLine(containing: "Saved to \(directory)/\(number).txt")
            let shown = try await world.daemon.tidings(["show", number, "--no-mark"], environment: ["COLUMNS": String(columns - 1)])
            #expect(shown.status == 0, "\(shown)")
            let saved = try String(contentsOfFile: "\(directory)/\(number).txt", encoding: .utf8)
            // The reader says when an item is starred; none of these is.
            if columns >= 120 {
                #expect(saved == shown.out, "item \(number) at \(columns) columns:\n\(saved)\n---\n\(shown.out)")
            } else {
                // Narrower, the reader breaks a link too long for its column where `show` leaves
                // it whole for the terminal to wrap: the same text either way.
                #expect(saved.filter { !$0.isWhitespace } == shown.out.filter { !$0.isWhitespace }, "item \(number) at \(columns):\n\(saved)\n---\n\(shown.out)")
            }
            #expect(saved.split(separator: "\n").allSatisfy { ReaderTests.displayWidth(String($0)) <= columns - 1 }, "\(saved)")
            if index < 6 { try await tmux.send("n") }
        }
    }
}
