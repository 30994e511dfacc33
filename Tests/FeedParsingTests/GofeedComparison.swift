import Foundation
import FeedEntities

/// Compares a `ParsedFeed` with a `GofeedExpectation` and lists every difference.
///
/// Normalisation, the same for both sides (documented in KnownDifferences.md):
/// - text is trimmed; one-line fields compare whitespace runs as one space (Tidings folds titles
///   onto one line, gofeed keeps their line breaks); multi-line fields compare CRLF as LF;
/// - dates compare as instants;
/// - an author is one display string in Tidings (`Name (email)` for Atom, RSS text as written) and
///   a name/email pair in gofeed: the string matches when it is one of the usual renderings of the
///   pair (`Name (email)`, `email (Name)`, `Name <email>`), several people joined by ", ";
/// - categories compare as sets (gofeed groups them by source, Tidings keeps document order);
/// - enclosure lengths compare as numbers (gofeed keeps the text; a non-numeric one is absent).
///
/// Two fallbacks that gofeed's universal model applies and the `tidingsd parse` contract does not
/// are accepted as equal (they only ever concern a date or an author gofeed copied), and one the
/// contract makes and gofeed does not: an RSS 1.0/0.90 item without a `guid` has its `rdf:about`
/// as its id, where gofeed has none (RDF items have no other source of an id);
/// - gofeed fills an item's `published` and `updated` with the same date from one source (RSS
///   `dc:date`, or an Atom entry's `updated` when it has no `published`); the contract puts that
///   date in one of the two fields only;
/// - RFC 4287 §4.2.1: an Atom entry without an author has the feed's authors; Tidings copies them
///   onto the entry, gofeed leaves the entry without one.
enum GofeedComparison {
    /// The differences, each as "field: expected …, got …"; empty when the feed matches.
    static func differences(_ feed: ParsedFeed, _ expected: GofeedExpectation) -> [String] {
        var found: [String] = []
        if let format = expected.format, feed.format != format {
            found.append("format: expected \(format.rawValue), got \(feed.format.rawValue)")
        }
        for (key, value) in expected.feed {
            if let difference = compare(key, value, actual: feedValue(key, feed)) { found.append("feed." + difference) }
        }
        guard let items = expected.items else { return found }
        guard items.count == feed.items.count else {
            found.append("items: expected \(items.count), got \(feed.items.count)")
            return found
        }
        for (index, (fields, item)) in zip(items, feed.items).enumerated() {
            for difference in itemDifferences(item, fields, feed: feed, strict: expected.strict) {
                found.append("items[\(index)].\(difference)")
            }
        }
        return found
    }

    private static func itemDifferences(
        _ item: ParsedItem, _ fields: GofeedExpectation.Fields, feed: ParsedFeed, strict: Bool
    ) -> [String] {
        var found: [String] = []
        let expectedPublished = fields.first { $0.key == "published" }.flatMap { dateValue($0.value) }
        let expectedUpdated = fields.first { $0.key == "updated" }.flatMap { dateValue($0.value) }
        // One source copied into both fields by gofeed: the contract keeps it in one of them.
        if strict, let published = expectedPublished, let updated = expectedUpdated, published == updated,
            [item.published, item.updated].contains(where: { $0.map { sameInstant($0, published) } ?? false }),
            item.published == nil || item.updated == nil
        {
            return fields.filter { $0.key != "published" && $0.key != "updated" }.compactMap { key, value in
                compareItemField(key, value, item: item, feed: feed, strict: strict)
            }
        }
        for (key, value) in fields {
            if let difference = compareItemField(key, value, item: item, feed: feed, strict: strict) {
                found.append(difference)
            }
        }
        return found
    }

    private static func compareItemField(
        _ key: String, _ value: GofeedExpectation.Value, item: ParsedItem, feed: ParsedFeed, strict: Bool
    ) -> String? {
        if strict, key == "author", case .people(let people) = value, people.isEmpty, item.author != nil,
            item.author == feed.author, feed.format == .atom10 || feed.format == .atom03
        {
            return nil  // inherited from the feed (RFC 4287 §4.2.1)
        }
        if key == "id", case .line(let want) = value, want?.isEmpty ?? true, item.id != nil,
            feed.format == .rss10 || feed.format == .rss09
        {
            return nil  // an RDF item without a guid is identified by its rdf:about
        }
        return compare(key, value, actual: itemValue(key, item))
    }

    private static func dateValue(_ value: GofeedExpectation.Value) -> Date? {
        if case .date(let date) = value { return date }
        return nil
    }

    // MARK: - Actual values

    enum Actual {
        case text(String?)
        case date(Date?)
        case strings([String])
        case enclosures([Enclosure])
    }

    private static func feedValue(_ key: String, _ feed: ParsedFeed) -> Actual {
        switch key {
        case "title": .text(feed.title)
        case "link": .text(feed.link)
        case "subtitle": .text(feed.subtitle)
        case "language": .text(feed.language)
        case "updated": .date(feed.updated)
        case "author": .text(feed.author)
        case "image": .text(feed.image)
        default: fatalError("no feed field \(key)")
        }
    }

    private static func itemValue(_ key: String, _ item: ParsedItem) -> Actual {
        switch key {
        case "id": .text(item.id)
        case "title": .text(item.title)
        case "link": .text(item.link)
        case "author": .text(item.author)
        case "published": .date(item.published)
        case "updated": .date(item.updated)
        case "summary": .text(item.summary)
        case "content": .text(item.content)
        case "categories": .strings(item.categories)
        case "enclosures": .enclosures(item.enclosures)
        default: fatalError("no item field \(key)")
        }
    }

    // MARK: - Comparing one field

    private static func compare(_ key: String, _ expected: GofeedExpectation.Value, actual: Actual) -> String? {
        switch (expected, actual) {
        case (.line(let want), .text(let got)):
            return line(want) == line(got) ? nil : mismatch(key, want, got)
        case (.block(let want), .text(let got)):
            return block(want) == block(got) ? nil : mismatch(key, want, got)
        case (.rawAuthor(let want), .text(let got)):
            return line(want) == line(got) ? nil : mismatch(key, want, got)
        case (.people(let people), .text(let got)):
            return matches(people, line(got)) ? nil : mismatch(key, render(people), got)
        case (.date(let want), .date(let got)):
            switch (want, got) {
            case (nil, nil): return nil
            case (let want?, let got?) where sameInstant(want, got): return nil
            default: return mismatch(key, want.map(iso), got.map(iso))
            }
        case (.categories(let want), .strings(let got)):
            let wanted = Set(want.compactMap(line)), gotten = Set(got.compactMap(line))
            return wanted == gotten ? nil : "\(key): expected \(wanted.sorted()), got \(gotten.sorted())"
        case (.enclosures(let want), .enclosures(let got)):
            let normalised = got.map { Enclosure(url: line($0.url) ?? "", type: line($0.type), length: $0.length) }
            let wanted = want.map { Enclosure(url: line($0.url) ?? "", type: line($0.type), length: $0.length) }
            return normalised == wanted ? nil : "\(key): expected \(describe(wanted)), got \(describe(normalised))"
        default:
            return "\(key): cannot compare \(expected) with \(actual)"
        }
    }

    private static func mismatch(_ key: String, _ want: String?, _ got: String?) -> String {
        "\(key): expected \(quote(want)), got \(quote(got))"
    }

    private static func quote(_ text: String?) -> String {
        guard let text else { return "nil" }
        let shown = text.count > 160 ? String(text.prefix(160)) + "…" : text
        return "\"" + shown.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    private static func describe(_ enclosures: [Enclosure]) -> String {
        "[" + enclosures.map { "\($0.url) \($0.type ?? "-") \($0.length.map(String.init) ?? "-")" }.joined(separator: ", ") + "]"
    }

    // MARK: - Normalisation

    /// Trimmed, whitespace runs as one space; `nil` when blank.
    static func line(_ text: String?) -> String? {
        guard let text else { return nil }
        let words = text.split(whereSeparator: { $0.isWhitespace })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Trimmed, CRLF and CR as LF; `nil` when blank.
    static func block(_ text: String?) -> String? {
        guard let text else { return nil }
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let trimmed = unified.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    static func sameInstant(_ a: Date, _ b: Date) -> Bool {
        abs(a.timeIntervalSince(b)) < 0.001
    }

    private static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    // MARK: - People

    /// Whether Tidings' display string is a rendering of gofeed's people, in order.
    static func matches(_ people: [GofeedExpectation.Person], _ got: String?) -> Bool {
        guard let got else { return people.isEmpty }
        guard !people.isEmpty else { return false }
        return matches(people[...], got[...])
    }

    private static func matches(_ people: ArraySlice<GofeedExpectation.Person>, _ text: Substring) -> Bool {
        guard let person = people.first else { return text.isEmpty }
        for rendering in renderings(person) {
            guard text.hasPrefix(rendering) else { continue }
            let rest = text.dropFirst(rendering.count)
            if people.count == 1 {
                if rest.isEmpty { return true }
            } else if rest.hasPrefix(", "), matches(people.dropFirst(), rest.dropFirst(2)) {
                return true
            }
        }
        return false
    }

    private static func renderings(_ person: GofeedExpectation.Person) -> [String] {
        let name = line(person.name), email = line(person.email)
        switch (name, email) {
        case (let name?, let email?): return ["\(name) (\(email))", "\(email) (\(name))", "\(name) <\(email)>"]
        case (let name?, nil): return [name]
        case (nil, let email?): return [email]
        case (nil, nil): return []
        }
    }

    private static func render(_ people: [GofeedExpectation.Person]) -> String? {
        people.isEmpty ? nil : people.compactMap { renderings($0).first }.joined(separator: ", ")
    }
}
