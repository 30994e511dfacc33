/// An element as the format handlers see it: its namespace (by URI, never by prefix) and its
/// local name, both reduced to small enums so that matching an element costs a comparison
/// rather than a string operation.
struct ElementName: Hashable, Sendable {
    var namespace: XMLNamespace
    var local: LocalName

    init(_ namespace: XMLNamespace, _ local: LocalName) {
        self.namespace = namespace
        self.local = local
    }
}

/// The local names any format handler looks at; everything else is `.other`.
enum LocalName: String, CaseIterable, Sendable {
    // Document and container elements.
    case rss, RDF, channel, item, feed, entry, image, source, author
    // Feed and item fields.
    case title, link, description, subtitle, tagline, language, lastBuildDate, pubDate
    case managingEditor, webMaster, creator, date, subject, modified, issued, created
    case published, updated, summary, content, encoded, category, categories, enclosure, guid, id
    case name, email, url, logo, icon, body
    // Media RSS.
    case group, thumbnail
    // iTunes podcasts (`itunes:duration`).
    case duration
    // Scheduling hints (RSS `ttl`, the syndication module).
    case ttl, updatePeriod, updateFrequency
    case other
}

extension LocalName {
    /// The local name `name` stands for: the exact spelling, else the same letters in another
    /// case (`itunes:Image`, `itunes:SUMMARY`, `<pubdate>`), which feeds written by hand and by
    /// podcast tools use and other readers accept.
    init(matching name: String) {
        if let exact = LocalName(rawValue: name) {
            self = exact
        } else {
            self = Self.byLowercasedName[name.lowercased()] ?? .other
        }
    }

    private static let byLowercasedName = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })
}
