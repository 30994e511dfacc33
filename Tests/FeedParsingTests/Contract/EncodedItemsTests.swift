import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

/// `tidingsd parse` streams items into `EncodedItems`, RSS items written straight from their
/// drafts' bytes; the document must be byte for byte what encoding the whole `ParsedFeed` gives.
@Suite("EncodedItems")
struct EncodedItemsTests {
    /// What a parse gave: the contract's document, or the error it stopped with (a fixture that
    /// fails must fail the same way both ways, not merely fail).
    enum Outcome: Equatable {
        case document([UInt8])
        case failure(String)
    }

    private static func streamed(_ data: Data, baseURL: String?, chunk: Int = 4096) -> Outcome {
        let items = EncodedItems()
        let session = FeedParseSession(baseURL: baseURL, charset: nil, encodingItemsInto: items)
        var offset = 0
        do {
            while offset < data.count {
                try session.append(data[offset..<min(offset + chunk, data.count)])
                offset += chunk
            }
            let feed = try session.finish()
            #expect(feed.items.isEmpty)
            var document: [UInt8] = []
            ParseContractEncoder().write(feed, items: items) { document.append(contentsOf: $0) }
            return .document(document)
        } catch {
            return .failure(String(describing: error))
        }
    }

    private static func whole(_ data: Data, baseURL: String?) -> Outcome {
        do {
            return .document(ParseContractEncoder().encode(try LibXMLFeedParser().parse(data, baseURL: baseURL, charset: nil)))
        } catch {
            return .failure(String(describing: error))
        }
    }

    @Test func theFixturesAreThere() {
        #expect(FeedParseSessionTests.fixtures.count > 20, "\(FeedParseSessionTests.fixtures.count) fixtures")
    }

    @Test(arguments: FeedParseSessionTests.fixtures, [nil, "https://example.org/feeds/"])
    func streamedContractIsTheWholeFeedsContract(fixture: String, base: String?) throws {
        let data = try FixtureLoader.data(fixture)
        let expected = Self.whole(data, baseURL: base)
        let streamed = Self.streamed(data, baseURL: base)
        #expect(streamed == expected, "\(fixture)")
    }

    @Test func largeFeedsStreamedOnTheItemThreadGiveTheSameDocument() throws {
        // More than a few batches, with every text path: blank fields replaced, C1 controls and
        // bidi overrides dropped, escapes, U+2028, relative links resolved, base64 in Atom-in-RSS.
        var xml = #"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Big</title>"#
        for index in 0..<(ItemAssembler<Int>.batchSize * 5 + 3) {
            xml += "<item><title> </title><title>Item \(index) \u{202E}\u{85}\"quoted\" \\ tab\tend</title>"
            xml += "<dc:creator>A\(index % 7)</dc:creator><category>c\(index % 3)</category><category>c\(index % 3)</category>"
            xml += "<description>&lt;a href=\"/p/\(index)\"&gt;link&lt;/a&gt; \u{2028} ü 東京</description>"
            xml += "<content:encoded><![CDATA[<p>Body \(index)</p>]]></content:encoded>"
            xml += "<pubDate>Sat, 01 Jun 2024 02:40:00 GMT</pubDate><link>/items/\(index)</link></item>"
        }
        xml += "</channel></rss>"
        let data = Data(xml.utf8)
        for base in [nil, "https://example.org/"] as [String?] {
            let expected = Self.whole(data, baseURL: base)
            guard case .document = expected else {
                Issue.record("the large feed did not parse: \(expected)")
                continue
            }
            #expect(Self.streamed(data, baseURL: base, chunk: 1 << 16) == expected)
        }
    }

    @Test func invalidUTF8AfterCleaningIsRepairedAsTheStringWouldBe() {
        var writer = ContractWriter()
        let bytes: [UInt8] = [0x61, 0xE2, 0x82, 0x20, 0x62, 0xF5, 0x63]  // a, truncated €, b, 0xF5, c
        #expect(bytes.withUnsafeBufferPointer { writer.cleanedString($0, layout: .singleLine) })
        var reference = ContractWriter()
        reference.string(TextSanitizer.clean(String(decoding: bytes, as: UTF8.self), layout: .singleLine))
        #expect(writer.output == reference.output)
    }

    @Test func utf8ValidationFollowsRFC3629() {
        let valid: [[UInt8]] = [[], Array("plain ascii text".utf8), Array("ü 東京 😀".utf8), [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF]]
        let invalid: [[UInt8]] = [[0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF]]
        for bytes in valid { #expect(bytes.withUnsafeBufferPointer(ContractWriter.isValidUTF8), "\(bytes)") }
        for bytes in invalid { #expect(!bytes.withUnsafeBufferPointer(ContractWriter.isValidUTF8), "\(bytes)") }
    }
}
