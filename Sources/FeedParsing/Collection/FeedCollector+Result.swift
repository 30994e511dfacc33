#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import CLibXML2
import FeedEntities

/// What `FeedCollector` gives back once the document ends, and the helpers its events share.
extension FeedCollector {
    // MARK: - Result

    enum Outcome {
        case feed(ParsedFeed)
        /// Not a feed; the reason when the root element told.
        case notAFeed(String?)
    }

    /// Whether an item (RSS, RDF) or entry (Atom) is open: where a cut document stopped.
    var isInsideItem: Bool {
        open.contains { $0.name.local == .item || $0.name.local == .entry }
    }

    /// Closes what a recovered or truncated document left open and hands over the result.
    func finish() -> Outcome {
        guard let handler else { return .notAFeed(notAFeedReason) }
        while !open.isEmpty { closeInnermost() }
        if let reason = handler.notAFeedReason { return .notAFeed(reason) }
        return .feed(handler.makeFeed())
    }

    // MARK: - Helpers

    /// The base URL in effect at the current depth.
    var currentBase: IRI? {
        bases.last.flatMap(\.url) ?? documentBase
    }

    func elementContext() -> ElementContext {
        let count = open.count
        return ElementContext(parent: count >= 2 ? open[count - 2].name : nil, depth: count, collector: self)
    }

    func classify(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?
    ) -> ElementName {
        let key = NameKey(
            local: UInt(bitPattern: localName), uri: UInt(bitPattern: uri),
            prefix: uri == nil ? UInt(bitPattern: prefix) : 0)
        let slot = Int(truncatingIfNeeded: (key.local >> 3) ^ (key.uri >> 5) ^ (key.prefix >> 7)) & (Self.recentNameSlots - 1)
        if let recent = recentNames[slot], recent.key == key { return recent.name }
        if let known = names[key] {
            recentNames[slot] = (key, known)
            return known
        }
        var namespace = namespace(of: uri)
        if uri == nil, let prefix {
            // A prefix nobody declared (a namespace error libxml2 recovers from). Feeds that forget
            // `xmlns:dc` still mean Dublin Core; anything else must not pass for an RSS element.
            namespace = XMLNamespace(conventionalPrefix: String(cString: prefix))
        }
        let name = ElementName(namespace, LocalName(matching: String(cString: localName)))
        names[key] = name
        recentNames[slot] = (key, name)
        return name
    }

    func namespace(of uri: UnsafePointer<xmlChar>?) -> XMLNamespace {
        guard let uri else { return .none }
        let key = UInt(bitPattern: uri)
        if let known = namespaces[key] { return known }
        let namespace = XMLNamespace(uri: String(cString: uri))
        namespaces[key] = namespace
        return namespace
    }

    static func namespaceURIs(
        _ pairs: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int
    ) -> [XMLNamespace] {
        guard let pairs else { return [] }
        return (0..<count).compactMap { index in pairs[index * 2 + 1].map { XMLNamespace(uri: String(cString: $0)) } }
    }
}
