@testable import FeedDaemon
import FeedEntities
import Foundation
import Testing

struct NotificationHookTests {
    private func item(_ id: Int64, feed: Int64, title: String?, read: Bool = false) -> Item {
        Item(id: id, feedID: feed, feedTitle: "Feed \(feed)", title: title, firstSeen: Date(timeIntervalSince1970: 0), isRead: read)
    }

    @Test func sumsUpItemsAndFeedsAndListsTheNewestTitles() {
        let items = (1...7).map { item($0, feed: $0 % 3, title: "Title \($0)") }
        let command = NotificationHook.command(for: items)
        #expect(command?.arguments == [
            "notify-send", "--app-name=Tidings", "--", "7 new items in 3 feeds",
            "Title 7\nTitle 6\nTitle 5\nTitle 4\nTitle 3\nand 2 more",
        ])
    }

    @Test func leavesOutItemsARuleMarkedRead() {
        let items = [item(1, feed: 1, title: "Daily digest", read: true), item(2, feed: 2, title: "News")]
        #expect(NotificationHook.command(for: items)?.arguments.suffix(2) == ["1 new item in 1 feed", "News"])
        #expect(NotificationHook.command(for: [items[0]]) == nil, "nothing unread: no notification")
    }

    @Test func keepsTitlesAsOneEscapedArgument() {
        let items = [item(1, feed: 1, title: "$(touch /tmp/pwned) <b>&\nnext"), item(2, feed: 1, title: nil)]
        #expect(NotificationHook.summary([items[0]]) == "1 new item in 1 feed")
        #expect(NotificationHook.body(items) == "(no title)\n$(touch /tmp/pwned) &lt;b&gt;&amp; next")
    }

    @Test func namesAnUntitledItemByTheFirstWordsOfItsText() {
        var untitled = item(2, feed: 1, title: nil)
        untitled.excerpt = "Just shipped <it> & more…"
        #expect(NotificationHook.body([item(1, feed: 1, title: "News"), untitled]) == "Just shipped &lt;it&gt; &amp; more…\nNews")
    }

    /// Linux refuses an argument over 128 KiB (E2BIG): each title is shortened at a character,
    /// so the body stays small whatever the feeds wrote.
    @Test func shortensEachTitleSoTheBodyStaysSmall() {
        let huge = String(repeating: "&", count: 200 * 1024)
        let heavy = String(repeating: "e\u{301}", count: 100_000)
        let items = (1...7).map { item($0, feed: 1, title: $0.isMultiple(of: 2) ? heavy : huge) }
        let body = NotificationHook.body(items)
        #expect(body.utf8.count <= NotificationHook.maximumBodyBytes && NotificationHook.maximumBodyBytes < 32 * 1024)
        let lines = body.split(separator: "\n").map(String.init)
        #expect(lines.count == 6 && lines.last == "and 2 more")
        #expect(lines[0] == String(repeating: "&amp;", count: 199) + "…", "item 7: 199 characters and the ellipsis")
        #expect(lines[1] == String(repeating: "e\u{301}", count: 199) + "…", "item 6: no accent cut off its letter")
        let arguments = NotificationHook.command(for: items)?.arguments ?? []
        #expect(arguments.allSatisfy { $0.utf8.count < 128 * 1024 })
    }
}
