@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Items' HTML compressed and read back, with and without a trained dictionary.
struct TextCompressorTests {
    /// HTML like a feed's: shared markup, varying words.
    static func sampleHTML(_ n: Int) -> String {
        let words = ["kernel", "release", "notes", "café", "東京", "patch", "review", "storage", "network", "cache"]
        let body = (0..<(20 + n % 40)).map { words[($0 * 7 + n) % words.count] }.joined(separator: " ")
        return "<div class=\"entry-content\"><p>\(body)</p><p><a href=\"https://example.org/\(n)\">Read more</a></p></div>"
    }

    static func trainedDictionary() throws -> CompressionDictionary {
        let samples = (0..<600).map { StoredHTML(summary: sampleHTML($0), content: nil).payload }
        let bytes = try #require(TextCompressor.trainDictionary(samples: samples))
        return try #require(CompressionDictionary(bytes: bytes, level: TextCompressor.level))
    }

    @Test(arguments: [
        StoredHTML(summary: nil, content: ""),
        StoredHTML(summary: "", content: nil),
        StoredHTML(summary: "", content: ""),
        StoredHTML(summary: "<p>Only a summary</p>", content: nil),
        StoredHTML(summary: nil, content: "<p>Only content, naïve 東京 🚀</p>"),
        StoredHTML(summary: "<p>Both</p>", content: "<p>Both</p><p>and more</p>"),
        StoredHTML(summary: String(repeating: "é", count: 300), content: "after a long summary"),
    ])
    func roundTripsWithoutADictionary(_ html: StoredHTML) throws {
        let compressor = TextCompressor()
        let frame = try #require(compressor.compress(summary: html.summary, content: html.content))
        #expect(TextCompressor.dictionaryID(of: frame) == 0)
        #expect(try compressor.decompress(frame) == html)
    }

    @Test func nothingToStoreIsNoValue() {
        #expect(TextCompressor().compress(summary: nil, content: nil) == nil)
    }

    @Test func aTrainedDictionaryIsNamedByTheFramesMadeWithItAndShrinksThem() throws {
        let dictionary = try Self.trainedDictionary()
        let plain = TextCompressor()
        let trained = TextCompressor()
        trained.use(dictionary)
        let html = Self.sampleHTML(1_001)
        let without = try #require(plain.compress(summary: html, content: nil))
        let with = try #require(trained.compress(summary: html, content: nil))
        #expect(TextCompressor.dictionaryID(of: with) == dictionary.id)
        #expect(with.count < without.count)
        #expect(try trained.decompress(with) == StoredHTML(summary: html, content: nil))
        // Frames made before the dictionary stay readable.
        #expect(try trained.decompress(without) == StoredHTML(summary: html, content: nil))
    }

    @Test func tooFewSamplesTrainNothing() {
        #expect(TextCompressor.trainDictionary(samples: [[1, 2, 3]]) == nil)
    }

    @Test func aFrameWhoseDictionaryIsMissingIsDamageNamedAsSuch() throws {
        let trained = TextCompressor()
        let dictionary = try Self.trainedDictionary()
        trained.use(dictionary)
        let frame = try #require(trained.compress(summary: Self.sampleHTML(3), content: nil))
        let error = try #require(throws: DatabaseError.self) { try TextCompressor().decompress(frame) }
        #expect(error.resultCode == .SQLITE_CORRUPT)
        #expect(error.message == "the stored text needs compression dictionary \(dictionary.id), which the database does not have")
    }

    @Test(arguments: [Data(), Data("not zstd at all".utf8), Data([0x28, 0xB5, 0x2F, 0xFD, 0x00])])
    func valuesThatAreNoFrameAreDamage(_ value: Data) throws {
        let error = try #require(throws: DatabaseError.self) { try TextCompressor().decompress(value) }
        #expect(error.resultCode == .SQLITE_CORRUPT)
        #expect(error.message?.hasPrefix("the stored text ") == true)
    }

    @Test func aFrameTruncatedOrAlteredIsDamage() throws {
        var frame = try #require(TextCompressor().compress(summary: Self.sampleHTML(9), content: "<p>x</p>"))
        frame.removeLast(3)
        #expect(throws: DatabaseError.self) { try TextCompressor().decompress(frame) }
    }

    @Test(arguments: [[UInt8]([4]), [1, 0x85], [1, 9, 0x41], [0, 0x41]])
    func malformedPayloadsAreRefused(_ payload: [UInt8]) {
        #expect(throws: StoredHTMLError.self) { try payload.withUnsafeBytes { try StoredHTML(payload: $0) } }
    }
}
