import Testing
@testable import FeedClient
import FeedEntities

struct HealthNoteTests {
    let gone = HealthNote(
        head: "gone since 2026-11-01 (HTTP 410): no longer fetched", inline: "; 'tidings unsubscribe 123' removes it",
        ownLine: ["'tidings unsubscribe 123' removes it"])

    /// What the user acts on is never cut, and no line runs past the width: when even the
    /// shortest line of its own is too wide, it wraps at its spaces.
    @Test(arguments: [60, 40, 34, 20])
    func noLineRunsPastTheWidthAndTheActionIsWhole(width: Int) {
        let lines = gone.lines(width: width)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
        #expect(lines.joined(separator: " ").contains("'tidings unsubscribe 123' removes it"), "\(lines)")
    }

    @Test func aLineOfItsOwnThatFitsIsKeptWhole() {
        #expect(gone.lines(width: 40) == ["gone since 2026-11-01 (HTTP 410): no lo…", "'tidings unsubscribe 123' removes it"])
        #expect(gone.lines(width: 34) == ["gone since 2026-11-01 (HTTP 410):…", "'tidings unsubscribe 123' removes", "it"])
    }
}
