internal import CLibXML2

/// libxml2 must be initialised once per process before parsers run on several threads.
private let libXML2Initialized: Void = xmlInitParser()

/// A document read with libxml2's HTML parser, for the renderer and autodiscovery.
///
/// The parser is lenient the way browsers are (unclosed and misnested tags, bare `&`, unknown
/// elements) and is never allowed to load anything: no network, no DTD, no external entities —
/// HTML has none of those to begin with, and `HTML_PARSE_NONET` makes sure. Its errors are
/// dropped instead of printed. libxml2 stops building the tree 256 elements deep, which bounds
/// hostile nesting before any of our code walks it.
enum HTMLDocument {
    /// Parses `bytes` and hands the root element (`nil` for an empty document) to `body`; the
    /// tree is freed when `body` returns, so nothing from it may escape. `body` also learns
    /// whether the whole document was parsed: it is cut before a start tag with so many
    /// attributes that libxml2 would take minutes over it (see `HTMLTagScanner`).
    ///
    /// - Parameter encoding: the encoding the bytes are known to be in, which then wins over any
    ///   `<meta charset>`; `nil` lets libxml2 read the BOM and `<meta>` (defaulting to UTF-8, or
    ///   Latin-1 for bytes that are not UTF-8). Either way it must be ASCII-compatible.
    static func withRoot<Result>(
        of document: UnsafeRawBufferPointer, encoding: String?, _ body: (_ root: HTMLNode?, _ complete: Bool) -> Result
    ) -> Result {
        _ = libXML2Initialized
        let safeLength = HTMLTagScanner.safeLength(of: document)
        let complete = safeLength == document.count
        let bytes = UnsafeRawBufferPointer(rebasing: document[..<safeLength])
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), !bytes.isEmpty,
            bytes.count <= Int(Int32.max)
        else { return body(nil, complete) }

        var options = Self.options
        if encoding != nil { options |= HTML_PARSE_IGNORE_ENC.rawValue }
        guard let tree = withErrorsSilenced({ htmlReadMemory(start, Int32(bytes.count), nil, encoding, Int32(options)) }) else {
            return body(nil, complete)
        }
        defer { xmlFreeDoc(tree) }
        return body(xmlDocGetRootElement(tree).map(HTMLNode.init), complete)
    }

    /// The parser's options: nothing loaded, no messages, browsers' leniency, no DTD node.
    static let options =
        HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue

    /// Runs `parse` with libxml2's error channels on this thread silenced: errors raised
    /// outside the parser context (encoding conversion) would otherwise reach stderr through
    /// the thread's handlers.
    static func withErrorsSilenced<Result>(_ parse: () -> Result) -> Result {
        _ = libXML2Initialized
        let previousHandler = tidings_xml_current_error_handler()
        let previousGenericHandler = tidings_xml_current_generic_error_handler()
        tidings_xml_set_error_handler(tidings_xml_error_handler(handler: ignoreError, context: nil))
        tidings_xml_silence_generic_errors()
        defer {
            tidings_xml_set_error_handler(previousHandler)
            tidings_xml_set_generic_error_handler(previousGenericHandler)
        }
        return parse()
    }

    private static let ignoreError: xmlStructuredErrorFunc = { _, _ in }
}
