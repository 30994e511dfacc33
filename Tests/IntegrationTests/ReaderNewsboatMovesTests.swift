import Foundation
import Testing
import TestSupport

/// newsboat's daily moves in the reader, in a real terminal (tmux) against the real daemon:
/// `n`/`p` from feed to feed, `J`/`K` and their unread forms.
@Suite(.timeLimit(.minutes(2)))
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
