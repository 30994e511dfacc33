/// Writes subscription outcomes to the terminal. Every string from the daemon passes
/// `TerminalText.sanitize` here before it is written.
public final class TerminalSubscribeView: SubscribeView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showSubscribed(_ message: String) {
        terminal.writeLine(message)
    }

    /// ```
    /// https://example.org/ offers 2 feeds:
    ///   1  Posts     https://example.org/feed.xml
    ///   2  Comments  https://example.org/comments.xml
    /// Subscribe to one with: tidings subscribe URL
    /// ```
    /// Titles are cut to leave room for the URLs, which are never cut: they are what is copied.
    public func showCandidates(_ rows: [FeedCandidateRow], offeredBy page: String) {
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
}
