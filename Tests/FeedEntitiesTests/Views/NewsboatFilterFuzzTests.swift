@testable import FeedEntities
import Testing
import TestSupport

/// newsboat filters made of random parts, as a shared urls file may hold anything: reading one
/// never fails but by `Untranslatable`, and what it translates to is a query that reads back as
/// itself and is written back in newsboat's language as the same query.
struct NewsboatFilterFuzzTests {
    static let attributes = ["unread", "tags", "title", "author", "link", "content", "feedtitle", "rssurl", "age", "enclosure_url", "flags", "guid"]
    static let operators = ["=", "==", "!=", "=~", "!~", "<", ">", "<=", ">=", "#", "!#", "between"]
    static let values = [
        "\"yes\"", "\"no\"", "\"\"", "\"rust\"", "\"a b\"", "\"C\\\\+\\\\+\"", "\"^x\"", "\"say \\\"hi\\\"\"", "\"\\\\\"", "\"lwn.net\"",
        "7", "0", "-3", "2:5", "99999999999999999999", "\"東京\"", "\"é\"",
    ]
    /// Pieces that break a filter when they land in it.
    static let junk = ["(", ")", "and", "or", "~", "\u{0}", "\"", "\\", ":", "between"]

    struct Generator {
        var random: SplitMix64

        mutating func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }

        mutating func expression(depth: Int) -> String {
            let roll = random.next() % 10
            if depth >= 3 || roll < 5 {
                return [pick(NewsboatFilterFuzzTests.attributes), pick(NewsboatFilterFuzzTests.operators), pick(NewsboatFilterFuzzTests.values)]
                    .joined(separator: " ")
            }
            if roll < 7 { return "(" + expression(depth: depth + 1) + ")" }
            let joiner = roll < 9 ? "and" : "or"
            return expression(depth: depth + 1) + " \(joiner) " + expression(depth: depth + 1)
        }

        /// An expression, now and then with a piece of junk put in.
        mutating func filter() -> String {
            var words = expression(depth: 0).split(separator: " ").map(String.init)
            if random.next() % 4 == 0 {
                words.insert(pick(NewsboatFilterFuzzTests.junk), at: Int(random.next() % UInt64(words.count + 1)))
            }
            return words.joined(separator: " ")
        }
    }

    @Test func randomFiltersAreTranslatedOrRefusedAndTranslationsReadBack() throws {
        #expect(!Self.attributes.isEmpty && !Self.values.isEmpty)
        var generator = Generator(random: SplitMix64(seed: 39))
        var translated = 0, refused = 0
        for _ in 0..<20_000 {
            let text = generator.filter()
            let filter: ItemFilter
            do {
                filter = try NewsboatFilter.itemFilter(from: text)
            } catch {
                #expect(!error.reason.isEmpty, "\(text)")
                refused += 1
                continue
            }
            translated += 1
            #expect(try ItemFilter(parsing: filter.description) == filter, "\(text) → \(filter.description)")
            if let written = try? filter.newsboatFilter() {
                #expect(try NewsboatFilter.itemFilter(from: written) == filter, "\(text) → \(written)")
            }
        }
        #expect(translated > 200 && refused > 200, "\(translated) translated, \(refused) refused")
    }
}
