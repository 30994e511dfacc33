import FeedEntities
import Foundation
import Testing
@testable import FeedStorage

/// The list columns are written by hand; these hold them to what `JSONEncoder` writes, since a
/// different spelling of the same list would read as a change and rewrite unchanged items.
@Suite("JSONColumnCoder")
struct JSONColumnCoderTests {
    private let coder = JSONColumnCoder()

    /// What the columns held before they were written by hand, and must go on holding.
    private func reference<Element: Encodable>(_ values: [Element]) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard !values.isEmpty, let data = try? encoder.encode(values) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every ASCII character (controls included), slashes, quotes, and non-ASCII text.
    private static let awkward: [String] = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + [
        "plain", "", "a/b\\c\"d", "tab\there", "line\r\nbreak", "naïve café", "東京", "emoji 😀👩‍👩‍👧",
        "\u{7F}\u{85}\u{2028}\u{2029}\u{FEFF}", "</script>",
    ]

    @Test func categoriesAreWrittenAsJSONEncoderWritesThem() {
        for text in Self.awkward {
            #expect(coder.encode([text]) == reference([text]), "\(text.unicodeScalars.map(\.value))")
        }
        #expect(coder.encode(Self.awkward) == reference(Self.awkward))
        #expect(coder.encode([String]()) == nil)
    }

    @Test func enclosuresAreWrittenAsJSONEncoderWritesThem() {
        let enclosures = [
            Enclosure(url: "https://e.org/a.mp3", type: "audio/mpeg", length: 123_456_789),
            Enclosure(url: "https://e.org/b.ogg"),
            Enclosure(url: "https://e.org/c\"d", type: "video/mp4"),
            Enclosure(url: "https://e.org/d", length: 0),
            Enclosure(url: "https://e.org/e", type: "x/\u{1}y", length: -1),
            Enclosure(url: "https://e.org/f", length: Int64.max),
            Enclosure(url: "https://e.org/g", type: "audio/mpeg", length: 12, duration: 1934),
            Enclosure(url: "https://e.org/h", duration: 1),
        ]
        for enclosure in enclosures {
            #expect(coder.encode([enclosure]) == reference([enclosure]))
        }
        #expect(coder.encode(enclosures) == reference(enclosures))
        #expect(coder.encode([Enclosure]()) == nil)
    }

    @Test func whatIsWrittenReadsBack() {
        #expect(coder.decode(String.self, from: coder.encode(Self.awkward)) == Self.awkward)
        let enclosures = [
            Enclosure(url: "https://e.org/a.mp3", type: "audio/mpeg", length: 5, duration: 61), Enclosure(url: "u"),
        ]
        #expect(coder.decode(Enclosure.self, from: coder.encode(enclosures)) == enclosures)
    }
}
