internal import CLibXML2

/// The libxml2 SAX2 callbacks, forwarding to the `FeedCollector` passed as user data.
///
/// Only what the collector needs is set. Everything that could make libxml2 build a tree, load
/// a DTD or resolve an external entity (`startDocument`, `internalSubset`, `resolveEntity`,
/// `getParameterEntity`, `reference`) stays `nil`, and `externalSubset` loads nothing;
/// `getEntity` and `entityDecl` are the collector's, so libxml2 never expands an entity itself.
enum SAXHandler {
    static func make() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = tidings_xml_sax2_magic()
        handler.startElementNs = { context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let context, let localName else { return }
            withCollector(context) {
                $0.startElement(
                    localName: localName, prefix: prefix, uri: uri, declaredNamespaces: namespaces,
                    declaredNamespaceCount: Int(namespaceCount),
                    attributes: AttributeList(attributes, count: Int(attributeCount)))
            }
        }
        handler.endElementNs = { context, localName, prefix, uri in
            guard let context, let localName else { return }
            withCollector(context) { $0.endElement(localName: localName, prefix: prefix, uri: uri) }
        }
        handler.characters = { context, bytes, count in
            guard let context, let bytes else { return }
            withCollector(context) { $0.characters(bytes, count: Int(count)) }
        }
        // CDATA is text like any other: its content arrives unwrapped.
        handler.cdataBlock = { context, bytes, count in
            guard let context, let bytes else { return }
            withCollector(context) { $0.characters(bytes, count: Int(count)) }
        }
        handler.getEntity = { context, name in
            guard let context, let name else { return nil }
            return feedCollector(context).entity(named: name)
        }
        handler.entityDecl = { context, name, type, _, _, content in
            guard let context, let name else { return }
            feedCollector(context).declareEntity(name: name, type: type, content: content)
        }
        // Called once the document's DTD has been read, before the root element. Default
        // attribute values declared there (`<!ATTLIST item a CDATA "x">`) would be added to
        // every start tag of their element, each one checked against all the attributes before
        // it: thousands of declarations make every such element cost millions of comparisons.
        // Feeds never rely on them, so they are dropped before any element is read.
        handler.externalSubset = { context, _, _, _ in
            guard let context, let parser = feedCollector(context).context, let defaults = parser.pointee.attsDefault
            else { return }
            xmlHashFree(defaults, xmlHashDefaultDeallocator)
            parser.pointee.attsDefault = nil
        }
        handler.serror = reportError
        return handler
    }

    /// Receives libxml2's errors, for the parser context (`serror`) and for code running without
    /// one (encoding conversion, via the thread's structured error handler). Warnings are not
    /// well-formedness errors. For a mismatched end tag it passes on the name actually written
    /// (`str2`), which the end event that follows does not carry.
    static let reportError: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        let collector = feedCollector(context)
        if error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue {
            collector.sawError = true
        }
        if error.pointee.code == Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue), let written = error.pointee.str2 {
            collector.mismatchedEndTag = Array(CString.bytes(UnsafeRawPointer(written).assumingMemoryBound(to: UInt8.self)))
        }
    }
}

/// The collector behind libxml2's user data pointer. Free functions: C callbacks cannot
/// capture anything, not even `Self`.
private func feedCollector(_ context: UnsafeMutableRawPointer) -> FeedCollector {
    Unmanaged<FeedCollector>.fromOpaque(context).takeUnretainedValue()
}

/// Calls `body` with the collector without retaining it: the parser keeps it alive for the
/// whole parse, and the element and text callbacks run hundreds of thousands of times.
@inline(__always)
private func withCollector(_ context: UnsafeMutableRawPointer, _ body: (FeedCollector) -> Void) {
    Unmanaged<FeedCollector>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}
