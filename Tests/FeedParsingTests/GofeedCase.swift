import Foundation
import FeedEntities

/// One case of the gofeed corpus (Fixtures/gofeed): a feed document and what gofeed reads from it,
/// restated in Tidings' terms (`GofeedExpectation`).
///
/// The corpus holds three kinds of expectations (see Fixtures/gofeed/README.md):
/// - `translator/*` and `extensions/*`: gofeed's universal model, the closest to Tidings'
///   entities. Gofeed writes its JSON with `omitempty`, so a field that is missing there is empty
///   in gofeed's result: for these cases every field Tidings carries is compared, absent ones too.
/// - `parser/rss`, `parser/atom`, `parser/json`: gofeed's raw per-format models. They apply none of
///   the fallbacks a reader applies (feed author for entries, guid as link, `dc:date` as date …), so
///   only the fields they state are compared.
/// - `parser/universal`: format detection only (gofeed keeps the expected type in its Go tests).
struct GofeedCase {
    /// The path inside the corpus without extension, e.g. `parser/atom/atom10_feed_title`;
    /// how KnownDifferences.md names the case.
    let id: String
    let document: URL
    let expectation: GofeedExpectation

    /// Every case of the corpus below `root`, in a stable order.
    static func all(in root: URL) throws -> [GofeedCase] {
        var cases: [GofeedCase] = []
        for group in ["translator/rss", "translator/atom", "translator/json", "extensions/dublincore",
            "extensions/itunes", "extensions/media", "parser/rss", "parser/atom", "parser/json",
            "parser/json/invalid", "parser/universal"]
        {
            let folder = root.appendingPathComponent(group)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            for name in names {
                let file = folder.appendingPathComponent(name)
                if let found = try make(group: group, name: name, file: file, siblings: Set(names)) {
                    cases.append(found)
                }
            }
        }
        return cases
    }

    private static func make(group: String, name: String, file: URL, siblings: Set<String>) throws -> GofeedCase? {
        let stem = (name as NSString).deletingPathExtension
        let id = group + "/" + stem
        let model: GofeedExpectation.Model
        switch group {
        case "parser/rss": model = .rssParser
        case "parser/atom": model = .atomParser
        case "parser/json": model = .jsonParser
        case "parser/universal":
            return GofeedCase(id: id, document: file, expectation: GofeedExpectation(detecting: name))
        case "parser/json/invalid":
            return GofeedCase(id: id, document: file, expectation: GofeedExpectation(notAFeed: ()))
        default: model = .universal
        }
        let expected: String
        if group.hasSuffix("/json") {
            // JSON feeds: NAME.json is the feed, NAME_expected.json what gofeed reads from it.
            guard name.hasSuffix(".json"), !stem.hasSuffix("_expected"), siblings.contains(stem + "_expected.json")
            else { return nil }
            expected = stem + "_expected.json"
        } else {
            guard name.hasSuffix(".xml"), siblings.contains(stem + ".json") else { return nil }
            expected = stem + ".json"
        }
        let data = try Data(contentsOf: file.deletingLastPathComponent().appendingPathComponent(expected))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GofeedCorpusError.badExpectation(id)
        }
        return GofeedCase(id: id, document: file, expectation: GofeedExpectation(model: model, json: json))
    }
}

enum GofeedCorpusError: Error {
    case badExpectation(String)
}
