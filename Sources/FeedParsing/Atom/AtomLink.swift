#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Atom `link` element, in an Atom feed or as `atom:link` inside RSS.
struct AtomLink {
    /// The relation, lowercased; `alternate` when the attribute is missing (RFC 4287 §4.2.7.2).
    var rel: String
    /// The target, resolved against the base URL in effect.
    var href: String
    var type: String?
    var length: String?

    /// Reads the link's attributes; `nil` when it has no `href`.
    init?(_ attributes: AttributeList, base: IRI?) {
        guard let href = attributes["href"] else { return nil }
        self.href = LinkResolver.resolve(href, against: base)
        rel = attributes["rel"]?.lowercased() ?? "alternate"
        type = attributes["type"]
        length = attributes["length"]
    }

    var isAlternate: Bool {
        rel == "alternate" || rel == "http://www.iana.org/assignments/relation/alternate"
    }

    /// Whether the link points at a web page (no type, or an HTML type), which is preferred when
    /// an entry has several alternates.
    var isHTML: Bool {
        guard let type else { return true }
        return type.lowercased().contains("html")
    }
}
