internal import CLibXML2
import FeedEntities
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads OPML 1.0 and 2.0 subscription lists (what newsboat, miniflux, FreshRSS and most readers
/// export).
///
/// Every `outline` with an `xmlUrl` is a feed (a command feed for `xmlUrl="|COMMAND"` and a
/// `filtercmd` attribute, see `TidingsOPML`, which the importer subscribes to only when told
/// to: `Entry.isCommand`), named by its `title` (else `text`; a name that is
/// just the URL names nothing); the outlines around it are folders and become its tags, as do
/// the comma-separated names of its `category` attribute (OPML 2.0; `/a/b` paths give `a` and
/// `b`). Attribute names are matched in any case (`xmlUrl`, `xmlurl`), since exporters disagree.
/// A document that declares `TidingsOPML.namespace` on its root is a Tidings export, whose
/// outlines mark the user's own titles with `customTitle="true"` in that namespace.
///
/// libxml2 reads the document with `XML_PARSE_NONET` and without `XML_PARSE_NOENT`: no network,
/// no external DTD or entity is ever loaded, entities are not substituted. A document that
/// declares any entity (general or parameter, parsed or not) is refused as soon as the
/// declaration is read, before any attribute is: OPML never needs one, and libxml2 expands the
/// entities an attribute refers to, so that a 110 KB file could name a feed with 600 MB.
/// An external DTD (`<!DOCTYPE opml SYSTEM "…">`) is never read, so nothing it declares exists.
enum OPMLReader {
    static func read(_ text: String) throws(SubscriptionListError) -> SubscriptionList {
        xmlInitParser()
        // Errors raised outside the parser context would otherwise reach stderr.
        let previousHandler = tidings_xml_current_error_handler()
        let previousGenericHandler = tidings_xml_current_generic_error_handler()
        tidings_xml_set_error_handler(tidings_xml_error_handler(handler: { _, _ in }, context: nil))
        tidings_xml_silence_generic_errors()
        defer {
            tidings_xml_set_error_handler(previousHandler)
            tidings_xml_set_generic_error_handler(previousGenericHandler)
        }
        var text = text
        let result: Result<SubscriptionList, SubscriptionListError> = text.withUTF8 { bytes in
            guard let context = xmlNewParserCtxt(), let sax = context.pointee.sax else {
                return .failure(.malformed("out of memory"))
            }
            defer { xmlFreeParserCtxt(context) }
            let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            var declaresEntities = false
            let document = withUnsafeMutablePointer(to: &declaresEntities) { flag in
                Self.refuseEntityDeclarations(sax, flagging: flag)
                return bytes.withMemoryRebound(to: CChar.self) { chars in
                    xmlCtxtReadMemory(context, chars.baseAddress, Int32(clamping: chars.count), nil, "UTF-8", Int32(options))
                }
            }
            sax.pointee._private = nil
            if declaresEntities {
                if let document { xmlFreeDoc(document) }
                return .failure(.declaresEntities)
            }
            guard let document, context.pointee.wellFormed != 0 else {
                if let document { xmlFreeDoc(document) }
                return .failure(.malformed(Self.describe(xmlCtxtGetLastError(context))))
            }
            defer { xmlFreeDoc(document) }
            guard let root = xmlDocGetRootElement(document).map(HTMLNode.init) else {
                return .failure(.malformed("the document is empty"))
            }
            guard root.name.lowercased() == "opml" else { return .failure(.notOPML(root: root.name)) }
            var reader = Walker()
            for child in root.elementChildren where child.name.lowercased() == "body" {
                reader.outlines(in: child, folders: [])
            }
            return .success(SubscriptionList(
                format: .opml, entries: reader.entries, skipped: reader.skipped, isTidingsOPML: Self.declaresTidings(root)))
        }
        return try result.get()
    }

    /// Makes the parser stop at the first entity declaration, setting `flag`: the SAX
    /// callbacks for declarations (the parser calls them for the internal subset, and would for
    /// an external one) replace libxml2's, which record the entity for later expansion. The flag
    /// travels in the handler's `_private` field, since C callbacks capture nothing.
    private static func refuseEntityDeclarations(
        _ sax: UnsafeMutablePointer<xmlSAXHandler>, flagging flag: UnsafeMutablePointer<Bool>
    ) {
        sax.pointee._private = UnsafeMutableRawPointer(flag)
        sax.pointee.entityDecl = { context, _, _, _, _, _ in refuseEntityDeclaration(context) }
        sax.pointee.unparsedEntityDecl = { context, _, _, _, _ in refuseEntityDeclaration(context) }
    }

    /// Whether `root` declares `TidingsOPML.namespace` (under any prefix).
    private static func declaresTidings(_ root: HTMLNode) -> Bool {
        var namespace = root.pointer.pointee.nsDef
        while let current = namespace {
            if let href = current.pointee.href, String(cString: href) == TidingsOPML.namespace { return true }
            namespace = current.pointee.next
        }
        return false
    }

    private static func describe(_ error: UnsafePointer<xmlError>?) -> String {
        guard let error, let message = error.pointee.message else { return "unreadable XML" }
        let text = String(cString: message).trimmingASCIIWhitespace()
        return "line \(error.pointee.line): \(text)"
    }

    /// Deep enough for any real folder tree; libxml2 itself stops at 256 levels.
    static let maximumDepth = 32

    private struct Walker {
        var entries: [SubscriptionList.Entry] = []
        var skipped: [SubscriptionList.Skip] = []

        mutating func outlines(in parent: HTMLNode, folders: [String]) {
            for outline in parent.elementChildren where outline.name.lowercased() == "outline" {
                let title = (Self.attribute(outline, "title") ?? Self.attribute(outline, "text")).flatMap(SubscriptionList.cleaned)
                if let url = Self.attribute(outline, "xmlurl").flatMap(SubscriptionList.cleaned) {
                    switch SubscriptionList.address(of: Self.commandFeed(url, filter: Self.attribute(outline, TidingsOPML.filterCommandAttribute.lowercased()))) {
                    case .failure(let refusal):
                        skipped.append(.init(entry: url, location: title, reason: refusal.reason))
                    case .success(let address):
                        // Exporters write the URL where a feed has no title yet.
                        entries.append(.init(
                            url: address, title: title == url || title == address ? nil : title,
                            tags: folders + Self.categories(of: outline),
                            isCustomTitle: Self.tidingsAttribute(outline, TidingsOPML.customTitleAttribute) == "true",
                            location: title))
                    }
                } else if folders.count < OPMLReader.maximumDepth {
                    outlines(in: outline, folders: title.map { folders + [$0] } ?? folders)
                }
            }
        }

        /// The address of an outline that names a command feed as Liferea and newsboat write
        /// it: `xmlUrl="|COMMAND"` is `exec:COMMAND`, and a `filtercmd` attribute makes the
        /// feed `filter:FILTERCMD:XMLURL`. Any other `xmlUrl` is itself.
        static func commandFeed(_ url: String, filter: String?) -> String {
            if let filter = filter.flatMap(SubscriptionList.cleaned) {
                return FeedAddress.filterPrefix + filter + ":" + url
            }
            return url.hasPrefix(TidingsOPML.execURLPrefix) ? FeedAddress.execPrefix + url.dropFirst() : url
        }

        /// `category="/Tech/Linux,News"` gives `Tech`, `Linux` and `News`.
        static func categories(of outline: HTMLNode) -> [String] {
            guard let value = attribute(outline, "category") else { return [] }
            return value.split(separator: ",").flatMap { $0.split(separator: "/") }.compactMap { SubscriptionList.cleaned(String($0)) }
        }

        /// The value of the attribute whose name is `lowercased` in any case.
        static func attribute(_ node: HTMLNode, _ lowercased: String) -> String? {
            firstAttribute(of: node) { name, _ in name.lowercased() == lowercased }
        }

        /// The value of the attribute `name` in `TidingsOPML.namespace` (exact case).
        static func tidingsAttribute(_ node: HTMLNode, _ name: String) -> String? {
            firstAttribute(of: node) { attributeName, namespace in attributeName == name && namespace == TidingsOPML.namespace }
        }

        /// The value of the first attribute `matches` accepts by its local name and namespace URI.
        private static func firstAttribute(of node: HTMLNode, where matches: (String, String?) -> Bool) -> String? {
            var attribute = node.pointer.pointee.properties
            while let current = attribute {
                if let name = current.pointee.name,
                    matches(String(cString: name), current.pointee.ns?.pointee.href.map { String(cString: $0) }) {
                    var value = ""
                    var child = current.pointee.children
                    while let text = child {
                        if let content = text.pointee.content { value += String(cString: content) }
                        child = text.pointee.next
                    }
                    return value
                }
                attribute = current.pointee.next
            }
            return nil
        }
    }
}

/// Flags the parse as refused and stops it; `context` is the parser context (SAX user data). A
/// free function: C callbacks cannot capture anything, not even `Self`.
private func refuseEntityDeclaration(_ context: UnsafeMutableRawPointer?) {
    guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self) else { return }
    parser.pointee.sax?.pointee._private?.assumingMemoryBound(to: Bool.self).pointee = true
    xmlStopParser(parser)
}
