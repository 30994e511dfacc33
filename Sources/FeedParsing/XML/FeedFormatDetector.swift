import FeedEntities

/// What the root element of a document says about it.
struct RootElement {
    var name: ElementName
    var localName: String
    var prefix: String?
    var namespaceURI: String?
    /// The `version` attribute, if any.
    var version: String?
    /// The namespaces declared on the root element.
    var declaredNamespaces: [XMLNamespace]

    /// The element as written, for messages: `<rdf:RDF>`.
    var qualifiedName: String {
        "<" + (prefix.map { $0 + ":" } ?? "") + localName + ">"
    }
}

/// Decides the format from the root element and its namespace, and picks the handler.
enum FeedFormatDetector {
    enum Detection {
        case feed(any FeedFormatHandler)
        case notAFeed(String)
    }

    static func detect(_ root: RootElement) -> Detection {
        switch (root.name.namespace, root.name.local) {
        case (_, .rss):
            // RSS 0.90–0.94 are one family; 2.0, a missing or an unknown version read as 2.0.
            let version = root.version ?? ""
            let format: ParsedFeed.Format = version.hasPrefix("0.9") ? .rss09 : .rss20
            return .feed(RSSHandler(format: format, dialect: .rss))
        case (.rdf, .RDF):
            // Any RDF document has this root; it is a feed when it declares an RSS namespace or,
            // failing that, turns out to hold an RSS channel (see RSSHandler.notAFeedReason).
            let declaresRSS = root.declaredNamespaces.contains { $0 == .rss10 || $0 == .rss090 }
            let format: ParsedFeed.Format = root.declaredNamespaces.contains(.rss090) ? .rss09 : .rss10
            return .feed(RSSHandler(format: format, dialect: .rdf(declaresRSSNamespace: declaresRSS)))
        case (.atom10, .feed):
            return .feed(AtomHandler(format: .atom10, namespace: .atom10))
        case (.atom03, .feed):
            return .feed(AtomHandler(format: .atom03, namespace: .atom03))
        case (.atom10, .entry):
            // An Atom Entry Document: one entry without its feed (RFC 4287 §4.1.2).
            return .feed(AtomHandler(format: .atom10, namespace: .atom10))
        case (.none, .feed):
            // Atom without its namespace: broken, but unmistakable.
            let format: ParsedFeed.Format = root.version == "0.3" ? .atom03 : .atom10
            return .feed(AtomHandler(format: format, namespace: .none))
        default:
            break
        }
        if root.localName.lowercased() == "html" {
            return .notAFeed("HTML page")
        }
        var description = "XML document with root element \(root.qualifiedName)"
        if let uri = root.namespaceURI, !uri.isEmpty {
            description += " in namespace \(uri)"
        }
        return .notAFeed(description)
    }
}
