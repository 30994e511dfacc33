import Foundation
import Testing
import FeedEntities
import FeedParsing

/// Runs every case of the gofeed corpus (Fixtures/gofeed, see its README.md) through
/// `LibXMLFeedParser` and compares every field Tidings' entities carry.
///
/// A case is "applicable" when gofeed's expectation states at least one field Tidings carries
/// (or it is a format-detection case). Applicable or not, every case that differs must be listed,
/// with its reason, in KnownDifferences.md beside this file: an unlisted failure is a regression.
/// At least 90% of the applicable cases must pass.
@Suite("gofeed conformance")
struct GofeedConformanceTests {
    static let requiredPassRate = 0.90

    @Test func everyCaseOfTheCorpus() throws {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent("gofeed")
        let cases = try GofeedCase.all(in: root)
        #expect(cases.count > 500, "the corpus was not found whole in \(root.path)")
        let known = try KnownDifferences.load()

        var passed = 0, applicable = 0, notApplicable = 0
        var failures: [(id: String, differences: [String])] = []
        // GOFEED_VERBOSE=1 prints every case with its outcome.
        let verbose = ProcessInfo.processInfo.environment["GOFEED_VERBOSE"] != nil
        for testCase in cases {
            let differences = Self.run(testCase)
            if verbose {
                let status = differences.isEmpty ? "pass" : "FAIL"
                let scope = testCase.expectation.applicable ? "" : " (not applicable)"
                print("gofeed \(status) \(testCase.id)\(scope)" + differences.map { "\n    " + $0 }.joined())
            }
            if testCase.expectation.applicable {
                applicable += 1
                if differences.isEmpty { passed += 1 }
            } else {
                notApplicable += 1
            }
            if !differences.isEmpty { failures.append((testCase.id, differences)) }
        }

        let rate = applicable == 0 ? 0 : Double(passed) / Double(applicable)
        print(
            "gofeed conformance: \(passed) passed / \(applicable) applicable (\(String(format: "%.1f", rate * 100))%), "
                + "\(notApplicable) not applicable; \(failures.count) cases differ, \(known.count) listed in KnownDifferences.md")

        let failing = Set(failures.map(\.id))
        for failure in failures where !known.contains(failure.id) {
            let details = failure.differences.joined(separator: "\n  ")
            Issue.record("\(failure.id) differs from gofeed and is not listed in KnownDifferences.md:\n  \(details)")
        }
        for id in known.sorted() where !failing.contains(id) {
            let exists = cases.contains { $0.id == id }
            print("warning: \(id) is listed in KnownDifferences.md but \(exists ? "now passes" : "is not a case of the corpus")")
        }
        #expect(rate >= Self.requiredPassRate, "gofeed conformance \(passed)/\(applicable) is below 90%")
    }

    private static func run(_ testCase: GofeedCase) -> [String] {
        let outcome: Result<ParsedFeed, FeedParsingError>
        do {
            let data = try Data(contentsOf: testCase.document)
            outcome = Result { () throws(FeedParsingError) in try LibXMLFeedParser().parse(data, baseURL: nil, charset: nil) }
        } catch {
            return ["unreadable: \(error)"]
        }
        switch (outcome, testCase.expectation.isFeed) {
        case (.success(let feed), true):
            return GofeedComparison.differences(feed, testCase.expectation)
        case (.failure(let error), true):
            return ["expected a feed, got \(error)"]
        case (.success(let feed), false):
            return ["expected no feed, got \(feed.format.rawValue)"]
        case (.failure, false):
            return []
        }
    }
}

/// The cases listed in KnownDifferences.md: every line `- \`group/name\` — reason`.
enum KnownDifferences {
    static func load(from file: String = #filePath) throws -> Set<String> {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("KnownDifferences.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var ids: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("- `") {
            let rest = line.dropFirst(3)
            if let end = rest.firstIndex(of: "`") { ids.insert(String(rest[..<end])) }
        }
        return ids
    }
}
