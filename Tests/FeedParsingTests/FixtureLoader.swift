import Foundation
import FeedEntities
import FeedParsing

/// Loads the feed files in `Fixtures/` and parses them.
enum FixtureLoader {
    static func data(_ name: String) throws -> Data {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw FixtureError.missingFolder
        }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func parse(
        _ name: String, baseURL: String? = nil, charset: String? = nil,
        parser: LibXMLFeedParser = LibXMLFeedParser()
    ) throws -> ParsedFeed {
        try parser.parse(try data(name), baseURL: baseURL, charset: charset)
    }

    /// Parses a document given inline.
    static func parse(xml: String, baseURL: String? = nil) throws -> ParsedFeed {
        try LibXMLFeedParser().parse(Data(xml.utf8), baseURL: baseURL, charset: nil)
    }

    enum FixtureError: Error {
        case missingFolder
    }
}

/// A UTC date from its fields, for expectations.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}
