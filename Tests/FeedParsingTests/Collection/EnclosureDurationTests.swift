import Testing
import FeedEntities
@testable import FeedParsing

@Suite("Enclosure durations")
struct EnclosureDurationTests {
    @Test(arguments: [
        ("01:02:03", 3723), ("1:02:03", 3723), ("32:14", 1934), ("90:00", 5400), ("1934", 1934), (" 45 ", 45),
        ("00:32:14.500", 1934), ("3723.9", 3723), ("0:0:1", 1), ("100:00:00", 360_000),
    ] as [(String, Int64)])
    func readsTheFormsFeedsWrite(text: String, seconds: Int64) {
        #expect(Enclosure.duration(from: text) == seconds)
    }

    @Test(arguments: [
        "", " ", "0", "00:00:00", "soon", "5 min", "-1", "1:60", "1:-5", "1:2:3:4", ":30", "30:", "1::2", "1.5:00",
        "12.", ".5", "1e3", "１２", "9999999999", "PT5M",
    ])
    func garbageIsNoDuration(text: String) {
        #expect(Enclosure.duration(from: text) == nil)
    }

    @Test func absentIsNoDuration() {
        #expect(Enclosure.duration(from: nil) == nil)
    }

    @Test func numbersOfSeconds() {
        #expect(Enclosure.duration(seconds: 1934) == 1934)
        #expect(Enclosure.duration(seconds: 61.9) == 61)
        #expect(Enclosure.duration(seconds: 0.5) == nil)
        #expect(Enclosure.duration(seconds: -3) == nil)
        #expect(Enclosure.duration(seconds: .nan) == nil)
        #expect(Enclosure.duration(seconds: .infinity) == nil)
    }
}
