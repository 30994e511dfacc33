import Foundation
import Testing
import FeedEntities
import FeedParsing

@Suite("tidingsd parse JSON contract")
struct ParseContractEncoderTests {
    private func encoded(_ feed: ParsedFeed) -> String {
        String(decoding: ParseContractEncoder().encode(feed), as: UTF8.self)
    }

    @Test func everyKeyIsPresentAndNullWhenAbsent() {
        let json = encoded(ParsedFeed(format: .unknown, items: [ParsedItem()]))
        #expect(
            json == """
                {"format":"unknown","title":null,"link":null,"subtitle":null,"language":null,"updated":null,\
                "author":null,"image":null,"wellFormed":true,"items":[{"id":null,"title":null,"link":null,\
                "author":null,"published":null,"updated":null,"summary":null,"content":null,"categories":[],\
                "enclosures":[]}]}

                """)
    }

    @Test func fieldsInTheContractsOrder() {
        let item = ParsedItem(
            id: "tag:example.org,2026:1", title: "First", link: "https://example.org/1", author: "Ann",
            published: utc(2026, 11, 5, 9, 30), updated: utc(2026, 11, 6), summary: "<p>Sum</p>",
            content: "<p>Body</p>", categories: ["a", "b"],
            enclosures: [
                Enclosure(url: "https://example.org/1.mp3", type: "audio/mpeg", length: 1234, duration: 1934),
                Enclosure(url: "https://example.org/1.ogg"),
            ])
        let feed = ParsedFeed(
            format: .rss20, title: "T", link: "https://example.org/", subtitle: "S", language: "en",
            updated: utc(2026, 11, 7, 23, 59, 59), author: "me@example.org (Me)", image: "https://example.org/i.png",
            wellFormed: false, items: [item, ParsedItem(title: "Second")])
        #expect(
            encoded(feed) == """
                {"format":"rss2.0","title":"T","link":"https://example.org/","subtitle":"S","language":"en",\
                "updated":"2026-11-07T23:59:59Z","author":"me@example.org (Me)","image":"https://example.org/i.png",\
                "wellFormed":false,"items":[{"id":"tag:example.org,2026:1","title":"First",\
                "link":"https://example.org/1","author":"Ann","published":"2026-11-05T09:30:00Z",\
                "updated":"2026-11-06T00:00:00Z","summary":"<p>Sum</p>","content":"<p>Body</p>",\
                "categories":["a","b"],"enclosures":[{"url":"https://example.org/1.mp3","type":"audio/mpeg",\
                "length":1234,"duration":1934},{"url":"https://example.org/1.ogg","type":null,"length":null,\
                "duration":null}]},{"id":null,\
                "title":"Second","link":null,"author":null,"published":null,"updated":null,"summary":null,\
                "content":null,"categories":[],"enclosures":[]}]}

                """)
    }

    @Test(arguments: [
        (ParsedFeed.Format.rss20, "rss2.0"), (.rss10, "rss1.0"), (.rss09, "rss0.9"), (.atom10, "atom1.0"),
        (.atom03, "atom0.3"), (.jsonFeed, "jsonfeed"), (.unknown, "unknown"),
    ])
    func formatNames(format: ParsedFeed.Format, name: String) {
        #expect(encoded(ParsedFeed(format: format)).hasPrefix("{\"format\":\"\(name)\","))
    }

    @Test func stringsAreEscaped() throws {
        let title = "say \"hi\" \\ tab\there\nline\r\u{1}\u{1F} caf\u{E9} \u{2028}\u{2029} </script> \u{1F600}"
        let json = encoded(ParsedFeed(format: .rss20, title: title))
        #expect(
            json.contains(
                #""title":"say \"hi\" \\ tab\there\nline\r\u0001\u001f café \u2028\u2029 </script> 😀","#))
        let decoded = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(decoded["title"] as? String == title)
    }

    @Test(arguments: [
        (Date(timeIntervalSince1970: 0), "1970-01-01T00:00:00Z"),
        (Date(timeIntervalSince1970: -1), "1969-12-31T23:59:59Z"),
        (Date(timeIntervalSince1970: 1_709_164_800), "2024-02-29T00:00:00Z"),
        (Date(timeIntervalSince1970: 1_709_164_800.25), "2024-02-29T00:00:00.250Z"),
        (Date(timeIntervalSince1970: 1_709_164_800.9996), "2024-02-29T00:00:01Z"),
        (Date(timeIntervalSince1970: 951_782_400), "2000-02-29T00:00:00Z"),
        (Date(timeIntervalSince1970: -2_208_988_800), "1900-01-01T00:00:00Z"),
        (Date(timeIntervalSince1970: 7_258_118_399), "2199-12-31T23:59:59Z"),
    ])
    func datesAreUTCEndingInZ(date: Date, text: String) {
        #expect(encoded(ParsedFeed(format: .atom10, updated: date)).contains("\"updated\":\"\(text)\""))
    }

    @Test func oneDocumentThenANewline() throws {
        let bytes = ParseContractEncoder().encode(ParsedFeed(format: .atom10, title: "a\nb", items: [ParsedItem()]))
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes.dropLast().contains(UInt8(ascii: "\n")) == false)
        let object = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object.keys.count == 10)
        #expect(object["image"] is NSNull)
    }
}

/// Feeds with more than one block of items are encoded two blocks at a time on two threads.
@Suite("tidingsd parse JSON contract: large feeds")
struct ParseContractEncoderLargeFeedTests {
    @Test func blocksEncodedInParallelComeOutInOrder() throws {
        let count = 1024 * 3 + 5  // blocks of ParseContractEncoder.blockSize (1024) items
        let items = (0..<count).map { ParsedItem(id: "\($0)", title: "Title \"\($0)\"") }
        let feed = ParsedFeed(format: .rss20, title: "Big", items: items)
        var pieces: [[UInt8]] = []
        ParseContractEncoder().write(feed, flushingEvery: 4096) { pieces.append(Array($0)) }
        let whole = pieces.flatMap { $0 }
        #expect(whole == ParseContractEncoder().encode(feed))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(whole)) as? [String: Any])
        let decoded = try #require(object["items"] as? [[String: Any]])
        #expect(decoded.compactMap { $0["id"] as? String } == (0..<count).map { "\($0)" })
        #expect(decoded.last?["title"] as? String == "Title \"\(count - 1)\"")
    }
}

/// Dates are written with the encoder's own calendar arithmetic; the C library is the reference.
@Suite("tidingsd parse JSON contract: dates")
struct ParseContractEncoderDateTests {
    private func published(_ seconds: Int) -> String {
        let feed = ParsedFeed(format: .rss20, items: [ParsedItem(published: Date(timeIntervalSince1970: TimeInterval(seconds)))])
        let json = String(decoding: ParseContractEncoder().encode(feed), as: UTF8.self)
        guard let range = json.range(of: #""published":"#) else { return json }
        return String(json[range.upperBound...].prefix { $0 != "," })
    }

    private func reference(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var fields = tm()
        _ = gmtime_r(&time, &fields)
        return String(
            format: "\"%04d-%02d-%02dT%02d:%02d:%02dZ\"", Int(fields.tm_year) + 1900, Int(fields.tm_mon) + 1,
            Int(fields.tm_mday), Int(fields.tm_hour), Int(fields.tm_min), Int(fields.tm_sec))
    }

    @Test func matchesTheCLibraryAcrossCenturies() {
        // Every 9,999,991 s (~116 days, never a whole number of days) from 1601 to 2399, plus
        // the edges: the epoch, a second before it, leap days of 1900 (none), 2000 and 2024.
        var samples = Array(stride(from: -11_644_473_600, through: 13_569_465_600, by: 9_999_991))
        samples += [0, -1, -2_203_891_200, 951_782_400, 951_868_799, 1_709_164_800, 253_402_300_799]
        for seconds in samples {
            #expect(published(seconds) == reference(seconds), "\(seconds)")
        }
    }

    @Test func keepsMilliseconds() {
        let feed = ParsedFeed(format: .rss20, items: [ParsedItem(published: Date(timeIntervalSince1970: -0.75))])
        #expect(String(decoding: ParseContractEncoder().encode(feed), as: UTF8.self).contains("\"1969-12-31T23:59:59.250Z\""))
    }
}
