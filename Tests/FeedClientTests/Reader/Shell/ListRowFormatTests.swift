@testable import FeedClient
import FeedEntities
import Testing

/// `feed_format` and `item_format` as newsboat's formats read: widths and alignment, `%>`
/// fills, `%?X?then&else?` choices, the title giving way on a narrow window, every mistake refused.
struct ListRowFormatTests {
    static let fields: KeyValuePairs<Character, String> = ["i": "number", "n": "unread", "t": "title", "T": "tags", "u": "counts"]

    static func text(_ format: String, width: Int = 80, _ values: [Character: String]) throws -> String {
        try ListRowFormat(format, fields: fields).segments(width: width, shrinking: "t") { ListRowFormat.Value(values[$0] ?? "") }
            .map(\.text).joined()
    }

    @Test func newsboatsDefaultFeedFormatLaysOutAsNewsboatDoes() throws {
        let values: [Character: String] = ["i": "3", "n": "N", "u": "(2/10)", "t": "LWN.net"]
        #expect(try Self.text("%4i %n %11u %t", values) == "   3 N      (2/10) LWN.net")
        #expect(try Self.text("%-4i|%-8u|%t", values) == "3   |(2/10)  |LWN.net")
    }

    @Test func aFillTakesTheRestOfTheRowAndAChoiceDependsOnItsField() throws {
        #expect(try Self.text("%t%> %i", width: 20, ["t": "Title", "i": "42"]) == "Title" + String(repeating: " ", count: 13) + "42")
        #expect(try Self.text("%t%>.", width: 10, ["t": "Title"]) == "Title.....")
        #expect(try Self.text("%?T?[%T] &no tags ?%t", ["T": "#linux", "t": "A"]) == "[#linux] A")
        #expect(try Self.text("%?T?[%T] &no tags ?%t", ["T": "", "t": "A"]) == "no tags A")
        #expect(try Self.text("%?T?|%-4T|?%t", ["t": "A"]) == "A")
        #expect(try Self.text("100%% %t", ["t": "done"]) == "100% done")
    }

    @Test func aWideFieldIsCutToItsWidthAndTheTitleGivesWayOnANarrowWindow() throws {
        #expect(try Self.text("%4i %t", ["i": "123456", "t": "x"]) == "123… x")
        let long = String(repeating: "word ", count: 20)
        let row = try Self.text("%4i %t %u", width: 40, ["i": "7", "t": long, "u": "(1/2)"])
        #expect(DisplayWidth.of(row) == 40)
        #expect(row.hasPrefix("   7 word") && row.hasSuffix("… (1/2)"))
        // Control characters in a value never reach the screen.
        #expect(try Self.text("%t", ["t": "a\u{1B}[31mb\u{7}"]) == "ab")
        // A marker's blank is layout, kept.
        #expect(try Self.text("%n|%t", ["n": " ", "t": "x"]) == " |x")
    }

    @Test(arguments: [
        ("%4q", "unknown field `%q` (one of: %i number, %n unread, %t title, %T tags, %u counts)"),
        ("%t %", "`%` at the end"),
        ("%?T?x", "the choice on %T is not closed with `?`"),
        ("%?T?%?n?a??", "a `%?` choice inside another"),
        ("%?", "a choice is written `%?X?then&else?`"),
        ("%>", "`%>` names no character to fill with"),
        ("%-12", "`%-12` names no field"),
        ("%99999t", "width 99999 is more than 1000 columns"),
    ])
    func aMistakeIsRefusedNamingTheFields(format: String, message: String) {
        #expect(!message.isEmpty)
        #expect {
            try ListRowFormat(format, fields: Self.fields)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
