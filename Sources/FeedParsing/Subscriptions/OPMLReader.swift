internal import CLibXML2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads OPML 1.0 and 2.0 subscription lists (what newsboat, miniflux, FreshRSS and most readers
/// export).
///
/// Every `outline` with an `xmlUrl` is a feed, named by its `title` (else `text`); the outlines
/// around it are folders and become its tags, as do the comma-separated names of its `category`
/// attribute (OPML 2.0; `/a/b` paths give `a` and `b`). Attribute names are matched in any case
/// (`xmlUrl`, `xmlurl`), since exporters disagree.
///
/// libxml2 reads the document with `XML_PARSE_NONET` and without `XML_PARSE_NOENT`: no network,
/// no external DTD or entity is ever loaded, entities are not substituted.
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
            guard let context = xmlNewParserCtxt() else { return .failure(.malformed("out of memory")) }
            defer { xmlFreeParserCtxt(context) }
            let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            let document = bytes.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(clamping: chars.count), nil, "UTF-8", Int32(options))
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
            return .success(SubscriptionList(format: .opml, entries: reader.entries, skipped: reader.skipped))
        }
        return try result.get()
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
                let title = (Self.attribute(outline, "title") ?? Self.attribute(outline, "text")).flatMap(Self.clean)
                if let url = Self.attribute(outline, "xmlurl").flatMap(Self.clean) {
                    if let refusal = SubscriptionList.refusal(of: url) {
                        skipped.append(.init(entry: url, location: title, reason: refusal))
                    } else {
                        entries.append(.init(url: url, title: title, tags: folders + Self.categories(of: outline)))
                    }
                } else if folders.count < OPMLReader.maximumDepth {
                    outlines(in: outline, folders: title.map { folders + [$0] } ?? folders)
                }
            }
        }

        /// `category="/Tech/Linux,News"` gives `Tech`, `Linux` and `News`.
        static func categories(of outline: HTMLNode) -> [String] {
            guard let value = attribute(outline, "category") else { return [] }
            return value.split(separator: ",").flatMap { $0.split(separator: "/") }.compactMap { clean(String($0)) }
        }

        /// The value of the attribute whose name is `lowercased` in any case.
        static func attribute(_ node: HTMLNode, _ lowercased: String) -> String? {
            var attribute = node.pointer.pointee.properties
            while let current = attribute {
                if let name = current.pointee.name, String(cString: name).lowercased() == lowercased {
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

        /// Whitespace runs as one space, control characters removed, trimmed; `nil` when
        /// nothing is left.
        static func clean(_ text: String) -> String? {
            var kept = String.UnicodeScalarView()
            var pendingSpace = false
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    pendingSpace = !kept.isEmpty
                } else if scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) {
                    if pendingSpace { kept.append(" ") }
                    pendingSpace = false
                    kept.append(scalar)
                }
            }
            return kept.isEmpty ? nil : String(kept)
        }
    }
}
