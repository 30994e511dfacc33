import Foundation
import Testing
import TestSupport

/// Saved views in the reader, in a real terminal (tmux) against the real daemon: listed under
/// Starred with their counts, opened with Enter, marked read with A, and counted again as items
/// arrive while the feeds screen is up.
@Suite(.timeLimit(.minutes(3)))
struct ReaderViewsTests {
    @Test func viewsAreListedOpenedMarkedReadAndCountedLive() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        for (name, query) in [("Notes", "feed:notes"), ("Unread shell", "is:unread title:shell")] {
            let added = try await world.daemon.tidings(["view", "add", name, query])
            #expect(added.status == 0, "\(added)")
        }
        let tmux = try await world.readerPane()
        defer { tmux.kill() }

        // Under "All unread" and "Starred", before the feeds, with unread/total.
        try await ReaderTests.waitForFeeds(tmux, [
            ("(7)", "All unread"), ("(0)", "Starred"), ("(4/4)", "Notes"), ("(1/1)", "Unread shell"), ("(3/3)", "Planet Terminal"),
        ])
        let screen = try await tmux.screen()
        let notesRow = try #require(screen.firstIndex { $0.contains("Notes") && $0.contains("(4/4)") })
        let planetRow = try #require(screen.firstIndex { $0.contains("Planet Terminal") })
        #expect(notesRow < planetRow, "views come before the feeds")

        // Enter lists the view: the items of both feeds whose title has "notes", and its name on top.
        try await tmux.send("j", "j", "Enter")
        try await tmux.waitForLine(containing: "io_uring gets another opcode")
        try await tmux.waitForLine(containing: "Grinders compared")
        try await tmux.waitForLine(containing: "View: Notes")
        try await tmux.send("q")

        // A on the view marks its items read: the view keeps them (its query does not say
        // is:unread), All unread loses them.
        try await ReaderTests.waitForFeeds(tmux, [("(4/4)", "Notes")])
        try await tmux.send("A")
        try await ReaderTests.waitForFeeds(tmux, [("(0/4)", "Notes"), ("(3)", "All unread"), ("(1/1)", "Unread shell")])

        // An item arriving from a refresh started elsewhere is counted without a key.
        let firstEntry = try #require(world.atom.range(of: "<entry>"))
        world.server.route("/atom.xml", .ok(world.atom.replacingCharacters(in: firstEntry, with: """
            <entry><title>Fresh while looking</title><id>urn:reader-views:1</id><link href="https://notes.example.net/fresh"/>
            <updated>2026-11-23T08:00:00Z</updated></entry><entry>
            """), contentType: "application/atom+xml"))
        let refreshed = try await world.daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        try await ReaderTests.waitForFeeds(tmux, [("(1/5)", "Notes"), ("(4)", "All unread")])

        // The help screen names what A does on a view.
        try await tmux.send("?")
        try await tmux.waitForLine(containing: "mark every item of this feed, saved view (or listing) read")
    }
}
