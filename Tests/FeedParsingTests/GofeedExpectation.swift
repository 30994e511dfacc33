import Foundation
import FeedEntities

/// What gofeed reads from a document, mapped onto the fields of `ParsedFeed` / `ParsedItem`.
///
/// Fields gofeed has and Tidings does not carry (rights, generator, contributors, item images,
/// feed categories, extension maps, …) are dropped. A case whose expectation keeps nothing but the
/// format is "not applicable": it tests something Tidings does not model.
struct GofeedExpectation {
    enum Model {
        case universal, rssParser, atomParser, jsonParser
    }

    /// A value in Tidings' terms, with how it is compared (see `GofeedComparison`).
    enum Value {
        /// One-line text (title, id, link, language): whitespace runs compared as one space.
        case line(String?)
        /// Multi-line text (subtitle, summary, content): trimmed, line breaks normalised.
        case block(String?)
        case date(Date?)
        /// People as gofeed split them (`ParseNameAddress`), matched against Tidings' one display string.
        case people([Person])
        /// An author string as the document wrote it (gofeed's RSS parser keeps it raw).
        case rawAuthor(String?)
        /// Compared as sets: neither model promises an order across sources.
        case categories([String])
        case enclosures([Enclosure])
    }

    struct Person: Equatable {
        var name: String?
        var email: String?
    }

    /// Expected fields, in a fixed order for readable messages.
    typealias Fields = [(key: String, value: Value)]

    var model: Model
    /// `nil` when gofeed does not read a feed from the document at all.
    var format: ParsedFeed.Format?
    var isFeed = true
    var feed: Fields = []
    /// `nil` when the item list is not compared (detection cases).
    var items: [Fields]?
    /// Whether a field absent from gofeed's JSON means "empty" (universal model) rather than "not stated".
    var strict = false
    /// Whether the case states something Tidings carries beyond the format.
    var applicable = false

    // MARK: - Detection and error cases

    /// `parser/universal`: gofeed's detector test states the format by file name.
    init(detecting name: String) {
        model = .universal
        applicable = true
        switch name {
        case "atom03_feed.xml": format = .atom03
        case "atom10_feed.xml": format = .atom10
        case "rdf_feed.xml": format = .rss10
        case "rss_feed.xml", "rss_feed_bom.xml", "rss_feed_leading_spaces.xml": format = .rss20
        case "json10_feed.json", "json11_feed.json", "sample.json": format = .jsonFeed
        default: isFeed = false  // empty_feed.xml, invalid.json, unknown_feed.xml
        }
    }

    /// A document gofeed refuses (`parser/json/invalid`).
    init(notAFeed: Void) {
        model = .jsonParser
        applicable = true
        isFeed = false
    }

    // MARK: - From gofeed's JSON

    init(model: Model, json: [String: Any]) {
        self.model = model
        let reader = JSONReader(json)
        switch model {
        case .universal:
            strict = true
            format = Self.universalFormat(type: reader.string("feedType"), version: reader.string("feedVersion"))
            readUniversal(reader)
        case .rssParser:
            format = Self.rssFormat(version: reader.string("version") ?? "")
            readRSSParser(reader)
        case .atomParser:
            format = reader.string("version") == "0.3" ? .atom03 : .atom10
            readAtomParser(reader)
        case .jsonParser:
            format = .jsonFeed
            readJSONParser(reader)
        }
    }

    private static func universalFormat(type: String?, version: String?) -> ParsedFeed.Format? {
        switch type {
        case "rss": rssFormat(version: version ?? "")
        case "atom": version == "0.3" ? .atom03 : .atom10
        case "json": .jsonFeed
        default: nil
        }
    }

    /// gofeed keeps RSS versions as written; the contract names families: RDF 1.0, the 0.9x
    /// family (RDF 0.90 included), and 2.0 for everything else, a missing or odd version too.
    private static func rssFormat(version: String) -> ParsedFeed.Format {
        if version == "1.0" { return .rss10 }
        if version.hasPrefix("0.9") { return .rss09 }
        return .rss20
    }

    // MARK: Universal model (translator/*, extensions/*)

    private mutating func readUniversal(_ json: JSONReader) {
        applicable = json.hasAny(["title", "link", "description", "language", "updatedParsed", "publishedParsed",
            "author", "authors"]) || json.object("image")?.hasAny(["url"]) == true
        feed = [
            ("title", .line(json.string("title"))),
            ("link", .line(json.string("link"))),
            ("subtitle", .block(json.string("description"))),
            ("language", .line(json.string("language"))),
            // The contract falls back to the channel pubDate, which gofeed keeps as `published`.
            ("updated", .date(json.date("updatedParsed") ?? json.date("publishedParsed"))),
            ("author", .people(Self.people(json))),
            ("image", .line(json.object("image")?.string("url"))),
        ]
        items = json.objects("items").map { item in
            if item.hasAny(["guid", "title", "link", "author", "authors", "publishedParsed", "updatedParsed",
                "description", "content", "categories", "enclosures"])
            {
                applicable = true
            }
            return [
                ("id", .line(item.string("guid"))),
                ("title", .line(item.string("title"))),
                ("link", .line(item.string("link"))),
                ("author", .people(Self.people(item))),
                ("published", .date(item.date("publishedParsed"))),
                ("updated", .date(item.date("updatedParsed"))),
                ("summary", .block(item.string("description"))),
                ("content", .block(item.string("content"))),
                ("categories", .categories(item.strings("categories"))),
                ("enclosures", .enclosures(item.objects("enclosures").map(Self.enclosure))),
            ]
        }
    }

    private static func people(_ json: JSONReader) -> [Person] {
        let objects = json.objects("authors")
        let list = objects.isEmpty ? [json.object("author")].compactMap { $0 } : objects
        return list.map { Person(name: $0.string("name"), email: $0.string("email")) }
            .filter { $0.name != nil || $0.email != nil }
    }

    private static func enclosure(_ json: JSONReader) -> Enclosure {
        Enclosure(url: json.string("url") ?? "", type: json.string("type"), length: json.int64("length"))
    }

    // MARK: parser/rss

    private mutating func readRSSParser(_ json: JSONReader) {
        // gofeed's raw RSS model has no fallbacks, and Tidings' contract has (dc:title for title,
        // the permalink guid for link, dc:date for published, dc:subject and atom:category among
        // categories …): a field gofeed leaves empty is compared only where no fallback can fill it.
        let iTunes = json.object("itunesExt")
        feed = [
            ("title", .line(json.string("title"))),
            ("link", .line(json.string("link"))),
            ("subtitle", .block(json.string("description") ?? iTunes?.string("subtitle") ?? iTunes?.string("summary"))),
            ("image", .line(json.object("image")?.string("url") ?? iTunes?.string("image"))),
        ]
        if let language = json.string("language") { feed.append(("language", .line(language))) }
        if let date = json.date("lastBuildDateParsed") ?? json.date("pubDateParsed") {
            feed.append(("updated", .date(date)))
        }
        if let author = json.string("managingEditor") ?? Self.extensionAuthor(json) ?? json.string("webMaster") {
            feed.append(("author", .rawAuthor(author)))
        }
        items = json.objects("items").map { item in
            var fields: Fields = [
                ("id", .line(item.object("guid")?.string("value"))),
                ("summary", .block(item.string("description"))),
                ("content", .block(item.string("content"))),
            ]
            if let title = item.string("title") { fields.append(("title", .line(title))) }
            if let link = item.string("link") { fields.append(("link", .line(link))) }
            if let author = item.string("author") ?? Self.extensionAuthor(item) {
                fields.append(("author", .rawAuthor(author)))
            }
            if let date = item.date("pubDateParsed") { fields.append(("published", .date(date))) }
            let categories = item.objects("categories").compactMap { $0.string("value") }
                + (item.object("dcExt")?.strings("subject") ?? [])
            if !categories.isEmpty { fields.append(("categories", .categories(categories))) }
            var enclosures = item.objects("enclosures")
            if enclosures.isEmpty, let single = item.object("enclosure") { enclosures = [single] }
            fields.append(("enclosures", .enclosures(enclosures.map(Self.enclosure))))
            return fields
        }
        applicable = json.hasAny(["title", "link", "description", "language", "lastBuildDateParsed", "pubDateParsed",
            "managingEditor", "webMaster"])
            || json.object("image")?.hasAny(["url"]) == true  // not its title, link or size
            || json.objects("items").contains { item in
                item.hasAny(["guid", "title", "link", "author", "pubDateParsed", "description", "content",
                    "categories", "enclosures", "enclosure"]) || Self.extensionAuthor(item) != nil
                    || item.object("dcExt")?.hasAny(["subject"]) == true
            } || Self.isVersionCase(json) || Self.extensionAuthor(json) != nil
            || iTunes?.hasAny(["subtitle", "summary", "image"]) == true
    }

    /// The author from the extensions of gofeed's raw RSS model, as Tidings reads it: the
    /// Dublin Core creators joined (`dc:author` counts as one), else the iTunes author.
    private static func extensionAuthor(_ json: JSONReader) -> String? {
        let dublinCore = json.object("dcExt")
        let creators = (dublinCore?.strings("author") ?? []) + (dublinCore?.strings("creator") ?? [])
        if !creators.isEmpty { return creators.joined(separator: ", ") }
        return json.object("itunesExt")?.string("author")
    }

    // MARK: parser/atom

    private mutating func readAtomParser(_ json: JSONReader) {
        // gofeed's raw Atom model is close to the contract; the exceptions are the entry author
        // (inherited from the feed by Tidings) and `published` (Atom 0.3 `created` as a fallback).
        let links = json.objects("links")
        feed = [
            ("title", .line(json.string("title"))),
            ("link", .line(Self.alternate(links))),
            ("subtitle", .block(json.string("subtitle"))),
            ("language", .line(json.string("language"))),
            ("updated", .date(json.date("updatedParsed"))),
            ("author", .people(Self.atomPeople(json))),
            ("image", .line(json.string("logo") ?? json.string("icon"))),
        ]
        items = json.objects("entries").map { entry in
            let links = entry.objects("links")
            let enclosures = links.filter { $0.string("rel") == "enclosure" }
                .map { Enclosure(url: $0.string("href") ?? "", type: $0.string("type"), length: $0.int64("length")) }
            let content = entry.object("content")
            var fields: Fields = [
                ("id", .line(entry.string("id"))),
                ("title", .line(entry.string("title"))),
                ("link", .line(Self.alternate(links))),
                ("updated", .date(entry.date("updatedParsed"))),
                ("summary", .block(entry.string("summary"))),
                ("content", .block(content?.string("value"))),
                ("categories", .categories(Self.atomCategories(entry))),
                ("enclosures", .enclosures(enclosures)),
            ]
            let authors = Self.atomPeople(entry)
            if !authors.isEmpty { fields.append(("author", .people(authors))) }
            if let date = entry.date("publishedParsed") { fields.append(("published", .date(date))) }
            return fields
        }
        // Links count only when Tidings carries them: the alternate one and enclosures (not self, related …).
        func carriesLinks(_ json: JSONReader) -> Bool {
            json.objects("links").contains { ["alternate", "enclosure"].contains($0.string("rel") ?? "alternate") }
        }
        applicable = json.hasAny(["title", "subtitle", "language", "updatedParsed", "authors", "logo", "icon"])
            || carriesLinks(json)
            || json.objects("entries").contains { entry in
                entry.hasAny(["id", "title", "authors", "publishedParsed", "updatedParsed", "summary", "content",
                    "categories"]) || carriesLinks(entry)
            } || Self.isVersionCase(json)
    }

    /// Categories as the contract reads them: `term` (a category with only a `label` has that),
    /// and `dc:subject`, which gofeed's raw model keeps among the extensions.
    private static func atomCategories(_ entry: JSONReader) -> [String] {
        let terms = entry.objects("categories").compactMap { $0.string("term") ?? $0.string("label") }
        let subjects = entry.object("extensions")?.object("dc")?.objects("subject").compactMap { $0.string("value") }
        return terms + (subjects ?? [])
    }

    /// The alternate link: `rel` missing or `alternate` (gofeed's parser writes the default out).
    private static func alternate(_ links: [JSONReader]) -> String? {
        links.first { ($0.string("rel") ?? "alternate") == "alternate" }?.string("href")
    }

    private static func atomPeople(_ json: JSONReader) -> [Person] {
        json.objects("authors").map { Person(name: $0.string("name"), email: $0.string("email")) }
            .filter { $0.name != nil || $0.email != nil }
    }

    // MARK: parser/json

    private mutating func readJSONParser(_ json: JSONReader) {
        var fields: Fields = [("title", .line(json.string("title"))), ("link", .line(json.string("home_page_url")))]
        fields.append(("subtitle", .block(json.string("description"))))
        fields.append(("image", .line(json.string("icon"))))
        let authors = json.objects("authors")
        let people = (authors.isEmpty ? [json.object("author")].compactMap { $0 } : authors)
            .compactMap { $0.string("name") }.map { Person(name: $0, email: nil) }
        fields.append(("author", .people(people)))
        feed = fields
        items = json.objects("items").map { item in
            let authors = item.objects("authors")
            let people = (authors.isEmpty ? [item.object("author")].compactMap { $0 } : authors)
                .compactMap { $0.string("name") }.map { Person(name: $0, email: nil) }
            return [
                ("id", .line(item.string("id"))),
                ("title", .line(item.string("title"))),
                ("link", .line(item.string("url"))),
                ("author", .people(people)),
                ("published", .date(item.date("date_published"))),
                ("updated", .date(item.date("date_modified"))),
                ("summary", .block(item.string("summary"))),
                ("content", .block(item.string("content_html") ?? item.string("content_text"))),
                ("categories", .categories(item.strings("tags"))),
                ("enclosures", .enclosures(item.objects("attachments").map {
                    Enclosure(url: $0.string("url") ?? "", type: $0.string("mime_type"), length: $0.int64("size_in_bytes"))
                })),
            ]
        }
        applicable = true
    }

    private static func isVersionCase(_ json: JSONReader) -> Bool {
        json.keys.subtracting(["version", "items", "entries"]).isEmpty && json.objects("items").isEmpty
            && json.objects("entries").isEmpty
    }
}

/// Typed reads from a decoded JSON object; wrong types read as absent.
struct JSONReader {
    let object: [String: Any]

    init(_ object: [String: Any]) {
        self.object = object
    }

    var keys: Set<String> { Set(object.keys) }

    /// A non-empty string (gofeed omits empty strings; an empty one would mean the same).
    func string(_ key: String) -> String? {
        guard let value = object[key] as? String, !value.isEmpty else { return nil }
        return value
    }

    func int64(_ key: String) -> Int64? {
        if let number = object[key] as? NSNumber { return number.int64Value }
        return string(key).flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }

    func strings(_ key: String) -> [String] {
        (object[key] as? [Any] ?? []).compactMap { $0 as? String }
    }

    func object(_ key: String) -> JSONReader? {
        (object[key] as? [String: Any]).map(JSONReader.init)
    }

    func objects(_ key: String) -> [JSONReader] {
        optionalObjects(key) ?? []
    }

    /// `nil` when the key is absent, so "no links" and "links: []" can be told apart.
    func optionalObjects(_ key: String) -> [JSONReader]? {
        guard let array = object[key] as? [Any] else { return nil }
        return array.compactMap { $0 as? [String: Any] }.map(JSONReader.init)
    }

    /// A date gofeed wrote as RFC 3339 (Go's `time.Time`, nanoseconds optional).
    func date(_ key: String) -> Date? {
        guard let text = string(key) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    func hasAny(_ keys: [String]) -> Bool {
        keys.contains { key in
            switch object[key] {
            case let string as String: !string.isEmpty
            case let array as [Any]: !array.isEmpty
            case is [String: Any], is NSNumber: true
            default: false
            }
        }
    }
}
