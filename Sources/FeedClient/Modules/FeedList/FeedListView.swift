import FeedEntities

/// Writes the feed listing as a table, plain lines or JSON. Every string from the daemon
/// passes `TerminalText.sanitize` here before it is written.
public final class TerminalFeedListView: FeedListView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showFeeds(_ rows: [FeedRow], emptyNote: String) {
        terminal.writeListing(
            format: format, isEmpty: rows.isEmpty, emptyNote: emptyNote,
            json: { Self.json(rows) }, table: { table(rows) }, plain: { Self.plain(rows) })
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// `  3 ! 12/40  5 min ago  Title [linux, news]`, with what is wrong on an indented line below: the error,
    /// failures in a row and the next attempt for a failing feed; since when for a gone one.
    /// The marker is `!` for a failing feed, `x` for a gone one, else `s` for a synced one.
    ///
    /// The title gets at least half the width (or all its longest title and tags need): when it
    /// would not, the time since the last refresh shortens (`5m`, `3h`, `12d`), and when that is
    /// not enough, it is left out.
    private func table(_ rows: [FeedRow]) -> String {
        let numbers = rows.map { String($0.number) }
        let counts = rows.map { "\($0.unread)/\($0.total)" }
        let numberWidth = numbers.map(\.count).max() ?? 1
        let countWidth = counts.map(\.count).max() ?? 1
        let indent = numberWidth + 3
        // The title column holds the title and its tags.
        let longestTitle = rows.map { row in
            DisplayWidth.of(TerminalText.sanitize(row.title)) + (row.tags.isEmpty ? 0 : 1 + DisplayWidth.of(Self.tagList(row.tags)))
        }.max() ?? 0
        let wanted = min(longestTitle, terminal.width / 2)
        var refreshed: [String] = []
        var titleWidth = 0
        for candidate in [rows.map(\.lastRefreshedText), rows.map { $0.lastRefreshedCompact ?? $0.lastRefreshedText }, []] {
            refreshed = candidate.map(TerminalText.sanitize)
            let refreshedWidth = refreshed.map(DisplayWidth.of).max().map { $0 + 2 } ?? 0
            titleWidth = max(10, terminal.width - (indent + countWidth + 2 + refreshedWidth))
            if titleWidth >= wanted { break }
        }
        let refreshedWidth = refreshed.map(DisplayWidth.of).max() ?? 0

        var output = ""
        for (index, row) in rows.enumerated() {
            output += DisplayWidth.fit(numbers[index], toWidth: numberWidth, alignRight: true)
            let marker = switch row.health {
            case .ok: row.synced ? " s " : "   "
            case .failing: " ! "
            case .gone: " x "
            }
            output += marker
            output += DisplayWidth.fit(counts[index], toWidth: countWidth, alignRight: true) + "  "
            if !refreshed.isEmpty { output += DisplayWidth.fit(refreshed[index], toWidth: refreshedWidth) + "  " }
            output += titleAndTags(row, width: titleWidth) + "\n"
            for line in HealthNote(row)?.lines(width: max(10, terminal.width - indent)) ?? [] {
                output += String(repeating: " ", count: indent) + line + "\n"
            }
        }
        return output
    }

    /// The title, then its tags in dim `[linux, news]`, within `width` columns. When both do not
    /// fit, the title keeps at least half the width and the tags are cut, or left out when fewer
    /// than 4 columns remain for them: the title is what identifies the feed.
    private func titleAndTags(_ row: FeedRow, width: Int) -> String {
        let title = TerminalText.sanitize(row.title)
        guard !row.tags.isEmpty else { return DisplayWidth.truncate(title, toWidth: width) }
        let tags = Self.tagList(row.tags)
        let tagsWidth = DisplayWidth.of(tags)
        let shownTitle = DisplayWidth.truncate(title, toWidth: max(width - 1 - tagsWidth, width / 2))
        let remaining = width - DisplayWidth.of(shownTitle) - 1
        guard remaining >= 4 else { return shownTitle }
        return shownTitle + " " + terminal.styled(DisplayWidth.truncate(tags, toWidth: remaining), .dim)
    }

    /// `[linux, news]`, each tag sanitised.
    static func tagList(_ tags: [String]) -> String {
        "[" + tags.map(TerminalText.sanitize).joined(separator: ", ") + "]"
    }


    /// number, unread, total, last refresh (ISO 8601 or empty), title, URL, last error, health,
    /// failures in a row, next check (ISO 8601 or empty), tags (comma-separated; a tag holds no
    /// comma), `synced` or `local`: tab-separated.
    private static func plain(_ rows: [FeedRow]) -> String {
        // One string appended to, field by field (no array of fields per row): thousands of
        // feeds are a few hundred kilobytes.
        var output = ""
        output.reserveCapacity(rows.count * 200)
        func field(_ text: String) {
            output += "\t"
            output += text
        }
        for row in rows {
            output += String(row.number)
            field(String(row.unread))
            field(String(row.total))
            field(row.lastRefreshed ?? "")
            field(TerminalText.sanitize(row.title))
            field(TerminalText.sanitize(row.url))
            field(TerminalText.sanitize(row.lastError ?? ""))
            field(row.health.rawValue)
            field(String(row.consecutiveFailures))
            field(row.nextCheck ?? "")
            field(row.tags.map(TerminalText.sanitize).joined(separator: ","))
            field(row.synced ? "synced" : "local")
            output += "\n"
        }
        return output
    }

    /// `{"feeds":[{"number","title","url","siteLink","unread","total","lastRefreshed","lastError",
    /// "health","httpStatus","consecutiveFailures","nextCheck","goneSince","tags","settings","synced"}]}`
    /// (docs/json.md).
    static func json(_ rows: [FeedRow]) -> JSONValue {
        .object([("feeds", .array(rows.map(jsonObject)))])
    }

    /// One feed of `feeds --json`; `import --json` reports its feeds with the same objects.
    static func jsonObject(_ row: FeedRow) -> JSONValue {
        .object([
            ("number", .int(row.number)),
            ("title", .string(TerminalText.sanitize(row.title))),
            ("url", .string(TerminalText.sanitize(row.url))),
            ("siteLink", .optional(row.siteLink.map(TerminalText.sanitize))),
            ("unread", .int(Int64(row.unread))),
            ("total", .int(Int64(row.total))),
            ("lastRefreshed", .optional(row.lastRefreshed)),
            ("lastError", .optional(row.lastError.map(TerminalText.sanitize))),
            ("health", .string(row.health.rawValue)),
            ("httpStatus", row.httpStatus.map { .int(Int64($0)) } ?? .null),
            ("consecutiveFailures", .int(Int64(row.consecutiveFailures))),
            ("nextCheck", .optional(row.nextCheck)),
            ("goneSince", .optional(row.goneSince)),
            ("tags", .array(row.tags.map { .string(TerminalText.sanitize($0)) })),
            ("settings", row.settings.jsonValue),
            ("synced", .bool(row.synced)),
        ])
    }
}
