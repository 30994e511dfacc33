import FeedEntities
import Foundation

/// The ready-made desktop notification (`notify: true`): `notify-send` with a summary such as
/// "12 new items in 3 feeds" and the first few titles as the body (for an untitled item, the
/// first words of its text, `Item.excerpt`).
///
/// Only unread items count: an item a rule marked read (or the copy of an article already read
/// through another feed) is one the user asked not to be bothered with.
///
/// Built as an argv: titles reach `notify-send` as one argument, never through a shell, and after
/// `--`, so that a title such as `--urgency=critical`, `--icon=…` or `-w` is text, not an
/// option (notify-send reads its options with GLib's parser, which ends them at `--`). They
/// are escaped for the little markup notification servers interpret (`&`, `<`, `>`). Each title
/// is shortened first (`titleCharacters`, `titleBytes`), so the body stays within a few KiB
/// whatever the feeds wrote: Linux refuses to start a program with an argument over 128 KiB
/// (E2BIG), and a desktop notification shows a line or two of each title anyway.
enum NotificationHook {
    /// Titles shown in the body at most.
    static let titleCount = 5
    /// Characters of a title shown at most, `…` included.
    static let titleCharacters = 200
    /// UTF-8 bytes of a title shown at most before escaping, `…` included: a character may be
    /// a letter with any number of combining marks.
    static let titleBytes = 800
    /// The longest body `body(_:)` can make: each title escaped (`&` grows fivefold to
    /// `&amp;`), one line per title, and the "and N more" line.
    static let maximumBodyBytes = titleCount * (titleBytes * 5 + 1) + 64
    /// Seconds `notify-send` may take.
    static let timeout = 10

    /// The command for the unread ones of `items`; `nil` when all are read.
    static func command(for items: [Item]) -> HookCommand? {
        let unread = items.filter { !$0.isRead }
        guard !unread.isEmpty else { return nil }
        return HookCommand(
            arguments: ["notify-send", "--app-name=Tidings", "--", summary(unread), body(unread)],
            timeout: timeout, name: "notify")
    }

    /// "1 new item in 1 feed", "12 new items in 3 feeds".
    static func summary(_ items: [Item]) -> String {
        let feeds = Set(items.map(\.feedID)).count
        return "\(Counted.phrase(items.count, "new item")) in \(Counted.phrase(feeds, "feed"))"
    }

    /// The newest titles, one per line, then "and N more" when there are more.
    static func body(_ items: [Item]) -> String {
        let newest = items.sorted { $0.id > $1.id }
        var lines = newest.prefix(titleCount).map { item in
            // An untitled item (a microblog post) is named by the first words of its text.
            let name = item.isUntitled ? item.excerpt ?? "" : item.title ?? ""
            let shortened = TextLimit.shortened(name, maximumBytes: titleBytes, maximumCharacters: titleCharacters)
            let title = shortened.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
            return escape(title.allSatisfy(\.isWhitespace) ? "(no title)" : title)
        }
        if newest.count > titleCount { lines.append("and \(newest.count - titleCount) more") }
        return lines.joined(separator: "\n")
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
