import FeedEntities

/// What `tidings feeds` says under a failing or gone feed: what is wrong (`head`: the error,
/// which may be cut) and what the user needs to act on (when the daemon tries again, how to
/// remove the feed), which is never cut. Strings are sanitised.
struct HealthNote: Equatable {
    /// `error: HTTP 503 Service Unavailable`.
    var head: String
    /// What follows `head` on the same line, separator included:
    /// ` (3 failures in a row); next try in 4 h`.
    var inline: String
    /// The same on a line of its own, longest first; a narrow terminal takes the first that
    /// fits (`3 failures in a row; next try in 4 h`, then `next try in 4 h`).
    var ownLine: [String]

    /// The whole note on one line.
    var text: String { head + inline }

    /// The note in lines of at most `width` columns: one line while the head keeps at least
    /// half the width (or all of itself), else the head (cut to fit) and under it `ownLine`.
    /// The part after the head is never cut: when no `ownLine` fits, the shortest is wrapped at
    /// its spaces.
    func lines(width: Int) -> [String] {
        let headWidth = DisplayWidth.of(head)
        let headRoom = width - DisplayWidth.of(inline)
        if headRoom >= headWidth { return [text] }
        if headRoom >= width / 2 || ownLine.isEmpty { return [DisplayWidth.truncate(head, toWidth: max(headRoom, 1)) + inline] }
        if let tail = ownLine.first(where: { DisplayWidth.of($0) <= width }) {
            return [DisplayWidth.truncate(head, toWidth: width), tail]
        }
        let shortest = ownLine[ownLine.count - 1]
        return [DisplayWidth.truncate(head, toWidth: width)]
            + WordWrap.lines(WordWrap.words(shortest), width: width, breakLongTokens: false)
    }
}

extension HealthNote {
    /// What is said of a feed that is not healthy (`tidings feeds` under it, the reader on its
    /// row); `nil` for a healthy one.
    init?(_ row: FeedRow) {
        switch row.health {
        case .ok:
            return nil
        case .failing:
            let failures = row.consecutiveFailures > 1 ? "\(row.consecutiveFailures) failures in a row" : nil
            let next = row.nextCheckText.map { $0 == "now" ? "retrying now" : "next try \($0)" }
            var inline = failures.map { " (\($0))" } ?? ""
            if let next { inline += "; " + next }
            self.init(
                head: "error: " + TerminalText.sanitize(row.lastError ?? "unknown"), inline: inline,
                ownLine: [[failures, next].compactMap { $0 }.joined(separator: "; "), next ?? ""].filter { !$0.isEmpty })
        case .gone:
            let since = row.goneSince.map { " since \($0.prefix(10))" } ?? ""
            let remedy = "'tidings unsubscribe \(row.number)' removes it"
            self.init(head: "gone\(since) (HTTP 410): no longer fetched", inline: "; " + remedy, ownLine: [remedy])
        }
    }
}
