import Foundation
import Testing
import TestSupport

/// The config's `feed_format`, `item_format` and `date_format` on a real terminal at 40, 80
/// and 120 columns: fields where the format puts them, widths and alignment kept, `%>` filling
/// the row, the title giving way to the width, dates as the format writes them.
@Suite(.timeLimit(.minutes(3)), .serialized)
struct ReaderFormatsTests {
    static let widths = [40, 80, 120]

    static let config = """
        reader:
          feed_format: "%-3i%n %S %7u %t%>.#%U"
          item_format: "%4i %f %D  %?T?|%-8T| ?%t"
          date_format: "%Y/%m/%d"

        """

    @Test(arguments: widths)
    func rowsAreLaidOutAsTheFormatsSay(columns: Int) async throws {
        #expect(!Self.widths.isEmpty)
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        try ReaderNewsboatMovesTests.writeClientConfig(Self.config, home: world.daemon.directory)
        let tmux = try await Tmux(
            command: "\(world.reader); echo EXIT=$?; sleep 60", environment: world.environment(), directory: world.daemon.directory,
            width: columns, height: 20)
        defer { tmux.kill() }
        // Planet Terminal is feed 1: its number left-aligned in 3, N, no status, the counts
        // right-aligned in 7, the title, dots to the right edge, the unread count there.
        let feeds = try await tmux.waitForLine(containing: "Planet Terminal")
        let planet = try #require(feeds.first { $0.contains("Planet Terminal") })
        #expect(planet.hasPrefix("1  N     (3/3) Planet Terminal."), "\(planet.debugDescription)")
        #expect(planet.hasSuffix(".#3") && ReaderTests.displayWidth(planet) == columns, "\(planet.debugDescription) at \(columns)")
        // A view has no number.
        let unread = try #require(feeds.first { $0.contains("All unread") })
        #expect(unread.hasPrefix("   N       (7) All unread."), "\(unread.debugDescription)")

        try await tmux.send("j", "j", "Enter")
        let items = try await tmux.waitForScreen("Planet Terminal's items as item_format lays them out") { lines in
            lines.first?.contains("Planet Terminal") == true && lines.count { $0.contains("|Planet …|") } == 3
        }
        let rows = items.filter { $0.contains("|Planet …|") }
        #expect(rows.count == 3, "\(items.joined(separator: "\n"))")
        for row in rows {
            // `%4i` right-aligned, the flags `N  `, the date as `%Y/%m/%d`, the feed cut to 8.
            #expect(row.range(of: #"^ {3}\d N   \d{4}/\d{2}/\d{2}  \|Planet …\| \S"#, options: .regularExpression) != nil, "\(row.debugDescription)")
            #expect(ReaderTests.displayWidth(row) <= columns, "\(row.debugDescription) at \(columns)")
        }
        let longest = try #require(rows.first { $0.contains("Why I s") })
        if columns == 40 {
            // 33 columns go to the fields before it: the title gives way, cut with an ellipsis.
            #expect(longest.hasSuffix("…") && ReaderTests.displayWidth(longest) == 40, "\(longest.debugDescription)")
        } else {
            #expect(longest.hasSuffix("Why I still read feeds & you should too"), "\(longest.debugDescription)")
        }
    }
}
