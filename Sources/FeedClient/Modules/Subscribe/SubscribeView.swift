import FeedEntities

/// Writes subscription outcomes to the terminal, or as JSON with `--json`. Every string from
/// the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalSubscribeView: SubscribeView {
    private let terminal: any Terminal
    private let json: Bool

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    public func showSubscribed(_ message: String, feed: FeedRow, itemsStored: Int) {
        if json {
            terminal.write(Self.json(feed: feed, itemsStored: itemsStored).text + "\n")
        } else {
            terminal.writeLine(message)
        }
    }

    /// ```
    /// https://example.org/ offers 2 feeds:
    ///   1  Posts     https://example.org/feed.xml
    ///   2  Comments  https://example.org/comments.xml
    /// Subscribe to one with: tidings subscribe URL
    /// ```
    /// Titles are cut to leave room for the URLs, which are never cut: they are what is copied.
    /// With `--json`, the document of `json(candidates:)` instead.
    public func showCandidates(_ rows: [FeedCandidateRow], offeredBy page: String) {
        if json {
            terminal.write(Self.json(candidates: rows).text + "\n")
            return
        }
        let numbers = rows.map { String($0.number) }
        let titles = rows.map { TerminalText.sanitize($0.title) }
        let urls = rows.map { TerminalText.sanitize($0.url) }
        let numberWidth = numbers.map(\.count).max() ?? 1
        let urlWidth = urls.map(DisplayWidth.of).max() ?? 0
        let room = terminal.width - (2 + numberWidth + 2) - 2 - urlWidth
        let titleWidth = min(titles.map(DisplayWidth.of).max() ?? 0, max(10, room))

        var output = TerminalText.sanitize(page) + " offers \(Counted.phrase(rows.count, "feed")):\n"
        for index in rows.indices {
            output += "  " + DisplayWidth.fit(numbers[index], toWidth: numberWidth, alignRight: true) + "  "
            output += DisplayWidth.fit(titles[index], toWidth: titleWidth) + "  " + urls[index] + "\n"
        }
        output += "Subscribe to one with: tidings subscribe URL\n"
        terminal.write(output)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - JSON (docs/json.md)

    /// `{"feed":<feed>,"items":N}`, the feed as `tidings feeds --json` writes it.
    static func json(feed: FeedRow, itemsStored: Int) -> JSONValue {
        .object([
            ("feed", TerminalFeedListView.jsonObject(feed)),
            ("items", .int(Int64(itemsStored))),
        ])
    }

    /// `{"candidates":[{"url","title","type"}]}`: the page's own title, `null` when it gives none
    /// (not the `(Atom)` the table shows in its place).
    static func json(candidates rows: [FeedCandidateRow]) -> JSONValue {
        .object([
            ("candidates", .array(rows.map { row in
                .object([
                    ("url", .string(TerminalText.sanitize(row.url))),
                    ("title", .optional(row.givenTitle.map(TerminalText.sanitize))),
                    ("type", .string(TerminalText.sanitize(row.type))),
                ])
            })),
        ])
    }
}
