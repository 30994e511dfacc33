/// The namespaces feeds use, identified by URI.
enum XMLNamespace: UInt8, Sendable {
    /// No namespace (RSS 0.9x/2.0 elements, and Atom written without its namespace).
    case none
    case atom10
    case atom03
    case rss10
    /// Netscape's RSS 0.90, an RDF format like RSS 1.0.
    case rss090
    /// RSS 2.0 written inside a namespace of its own (userland / Harvard).
    case rss20
    case rdf
    case content
    case dublinCore
    case dublinCoreTerms
    case iTunes
    /// Media RSS (`media:content`, `media:group`, …).
    case mediaRSS
    /// RSS 1.0's syndication module (`sy:updatePeriod`, `sy:updateFrequency`).
    case syndication
    case xhtml
    case other

    init(uri: String) {
        // Feeds declare namespaces with stray spaces, in another letter case (iTunes' own
        // documentation spells it ".../DTDs/PodCast-1.0.dtd"), over https or without the final
        // slash: all of these are compared in one form.
        var uri = uri.trimmingASCIIWhitespace().lowercased()
        if uri.hasPrefix("https://") { uri = "http://" + uri.dropFirst("https://".count) }
        while uri.hasSuffix("/") { uri.removeLast() }
        switch uri {
        case "http://www.w3.org/2005/atom": self = .atom10
        case "http://purl.org/atom/ns#": self = .atom03
        case "http://purl.org/rss/1.0": self = .rss10
        case "http://my.netscape.com/rdf/simple/0.9", "http://channel.netscape.com/rdf/simple/0.9": self = .rss090
        case "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss": self = .rss20
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": self = .rdf
        case "http://purl.org/rss/1.0/modules/content": self = .content
        case "http://purl.org/dc/elements/1.1": self = .dublinCore
        case "http://purl.org/dc/terms": self = .dublinCoreTerms
        // Apple's URI, and the placeholder its old podcast specification used in its example.
        case "http://www.itunes.com/dtds/podcast-1.0.dtd", "http://example.com/dtds/podcast-1.0.dtd": self = .iTunes
        // Yahoo's URI (the older "tools." host survives too).
        case "http://search.yahoo.com/mrss", "http://tools.search.yahoo.com/mrss": self = .mediaRSS
        case "http://www.w3.org/1999/xhtml": self = .xhtml
        case "http://purl.org/rss/1.0/modules/syndication": self = .syndication
        default: self = .other
        }
    }
}

extension XMLNamespace {
    /// The namespace a prefix conventionally stands for, used only when the document uses the
    /// prefix without declaring it.
    init(conventionalPrefix prefix: String) {
        switch prefix {
        case "atom": self = .atom10
        case "content": self = .content
        case "dc": self = .dublinCore
        case "dcterms": self = .dublinCoreTerms
        case "itunes": self = .iTunes
        case "media": self = .mediaRSS
        case "rdf": self = .rdf
        case "sy": self = .syndication
        case "xhtml": self = .xhtml
        default: self = .other
        }
    }
}
