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
enum LocalName: String, Sendable {
    // Document and container elements.
    case rss, RDF, channel, item, feed, entry, image, source, author
    // Feed and item fields.
    case title, link, description, subtitle, tagline, language, lastBuildDate, pubDate
    case managingEditor, webMaster, creator, date, subject, modified, issued, created
    case published, updated, summary, content, encoded, category, enclosure, guid, id
    case name, email, url, logo, icon, body
    // Media RSS.
    case group, thumbnail
    // Scheduling hints (RSS `ttl`, the syndication module).
    case ttl, updatePeriod, updateFrequency
    case other
}
