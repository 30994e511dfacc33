#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import CLibXML2
import FeedEntities

/// libxml2 must be initialised once per process before parsers run on several threads.
private let libXML2Initialized: Void = xmlInitParser()

/// One XML document on its way through libxml2's SAX2 push parser: the parser context, the
/// collector it feeds, and the byte pipeline in front of it (windows-1252 conversion, bare
/// ampersand repair), all of which work chunk by chunk.
///
/// Hardened for documents from anywhere: no network (`XML_PARSE_NONET`), no DTD loading, no entity
/// substitution by libxml2 (references are answered by the collector, which never reads external
/// entities and bounds internal expansion) and a depth limit. Broken XML is recovered as far as
/// libxml2 can (`XML_PARSE_RECOVER`) and reported through `wellFormed`.
///
/// Not thread-safe: one caller at a time, though not necessarily always the same thread (the
/// error handlers libxml2 keeps per thread are installed around every call).
final class LibXMLPushParser {
    /// Bytes handed to libxml2 per `xmlParseChunk` call at most.
    static let chunkSize = 256 << 10
    /// Total bytes that entities declared inside a document may expand to.
    static let entityExpansionBudget = 1 << 20

    private let context: xmlParserCtxtPtr
    private let collector: FeedCollector
    /// The first bytes of the document as given, for `DocumentPrologue.description`.
    private var opening: [UInt8] = []
    /// The document is windows-1252 (declared, or guessed) and converted to UTF-8 on the way.
    private var convertsFromWindows1252 = false
    /// `nil` when the encoding is not ASCII-compatible (UTF-16/32 …) and cannot be scanned as bytes.
    private var escaper: BareAmpersandEscaper?
    /// Cuts the document before a start tag with too many attributes; `nil` when the encoding is
    /// neither ASCII-compatible nor UTF-16/32 (EBCDIC).
    private var tagScanner: XMLTagScanner?

    /// Prepares a parse.
    /// - Parameters:
    ///   - prologue: what the first bytes said.
    ///   - head: the first bytes of the document (at least `DocumentPrologue.utf8CheckWindow + 1`
    ///     of them, or the whole document, when the encoding depends on whether they are UTF-8).
    ///   - charset: the charset of the HTTP `Content-Type`, if any.
    ///   - base: the document URL.
    /// - Returns: `nil` when libxml2 cannot create a parser context (out of memory).
    ///   - streamedItems: where the items the format lets stream are encoded (see `FeedParseSession`).
    init?(
        prologue: DocumentPrologue, head: UnsafeRawBufferPointer, charset: String?, base: IRI?,
        streamingItemsInto streamedItems: EncodedItems? = nil
    ) {
        _ = libXML2Initialized
        let collector = FeedCollector(
            baseURL: base, entityExpansionBudget: Self.entityExpansionBudget, streamingItemsInto: streamedItems)
        var sax = SAXHandler.make()
        guard let context = xmlCreatePushParserCtxt(&sax, Unmanaged.passUnretained(collector).toOpaque(), nil, 0, nil)
        else { return nil }
        self.context = context
        self.collector = collector
        collector.context = context
        withErrorHandlers { configure(prologue: prologue, head: head, charset: charset) }
    }

    deinit {
        if let tree = context.pointee.myDoc { xmlFreeDoc(tree) }
        xmlFreeParserCtxt(context)
    }

    /// Sets the parser options and the encoding.
    private func configure(prologue: DocumentPrologue, head: UnsafeRawBufferPointer, charset: String?) {
        // Never XML_PARSE_NOENT (entity substitution) nor XML_PARSE_DTDLOAD/DTDATTR/XINCLUDE.
        // OLDSAX makes libxml2 ask getEntity even for the predefined entities; see
        // FeedCollector+Entities.
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_OLDSAX.rawValue
        let encoding = prologue.encoding(httpCharset: charset, document: head)
        switch encoding {
        case .automatic:
            break
        case .converter(let name):
            options |= XML_PARSE_IGNORE_ENC.rawValue
            if let converter = xmlFindCharEncodingHandler(name) {
                xmlSwitchToEncoding(context, converter)
            } else {
                // An encoding nobody knows: read the bytes as UTF-8 when they are, else as
                // windows-1252, rather than giving up on the document as libxml2 would.
                collector.sawError = true
                convertsFromWindows1252 = !DocumentPrologue.startsWithValidUTF8(head)
            }
        case .windows1252(let guessed):
            convertsFromWindows1252 = true
            options |= XML_PARSE_IGNORE_ENC.rawValue
            if guessed { collector.sawError = true }  // undeclared and not UTF-8
        }
        xmlCtxtUseOptions(context, Int32(options))
        // A bare "&" is not well-formed, but repairing it keeps "Q&A" from becoming "Q".
        if prologue.isASCIICompatible(encoding) {
            escaper = BareAmpersandEscaper()
            tagScanner = XMLTagScanner()
        } else {
            tagScanner = XMLTagScanner(wideHead: head)
        }
    }

    // MARK: - Input

    /// Why the document is not a feed, once the parse has stopped for that reason (the root
    /// element is something else, or libxml2 gave up before finding one: binary data, text):
    /// nothing that follows can change it.
    var notAFeedReason: String? {
        let stopped = collector.stopped || context.pointee.instate == XML_PARSER_EOF
        guard stopped, collector.handler == nil else { return nil }
        return collector.notAFeedReason ?? documentDescription
    }

    /// What the document is, from its first bytes (the whole window the prologue looks at, and
    /// one more to know that the document goes on).
    private var documentDescription: String {
        opening.withUnsafeBytes { DocumentPrologue($0).description }
    }

    /// Parses the next bytes of the document. Does nothing once the parse has stopped.
    func push(_ bytes: UnsafeRawBufferPointer) {
        if opening.count <= DocumentPrologue.window {
            opening.append(contentsOf: bytes.prefix(DocumentPrologue.window + 1 - opening.count))
        }
        withErrorHandlers {
            var offset = 0
            while offset < bytes.count, !collector.stopped {
                let length = min(Self.chunkSize, bytes.count - offset)
                let piece = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
                if convertsFromWindows1252 {
                    Windows1252.utf8(from: piece).withUnsafeBytes { repair($0, isFinal: false) }
                } else {
                    repair(piece, isFinal: false)
                }
                offset += length
            }
        }
    }

    /// Ends the document and hands over what it held.
    /// - Returns: the feed, or `.notAFeed` with what the document is instead.
    func finish() -> Result<ParsedFeed, FeedParsingError> {
        var truncated = false
        var lastItemCut = false
        withErrorHandlers {
            repair(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
            guard !collector.stopped else { return }
            // libxml2 halts on some errors in recovery too; a document it gave up on was
            // read to its end, however broken, and is not a cut one.
            let halted = context.pointee.instate == XML_PARSER_EOF
            xmlParseChunk(context, nil, 0, 1)
            // Elements left open once every byte is parsed (libxml2 buffers the last few until
            // the end) mean the bytes stopped inside the root element. Errors mid-document do
            // not count: recovery, and the collector's matching of end tags, close what they
            // left open when the root element's end tag comes.
            truncated = !halted && collector.depth > 0
            lastItemCut = truncated && collector.isInsideItem
        }
        let wellFormed =
            context.pointee.wellFormed != 0 && context.pointee.nsWellFormed != 0 && !collector.sawError
            && !collector.entities.refusedExpansion && escaper?.escapedAny != true
        switch collector.finish() {
        case .feed(var feed):
            feed.wellFormed = wellFormed
            feed.truncated = truncated
            feed.lastItemCut = lastItemCut
            return .success(feed)
        case .notAFeed(let reason):
            return .failure(.notAFeed(reason ?? documentDescription))
        }
    }

    private func repair(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) {
        if escaper != nil {
            escaper!.process(bytes, isFinal: isFinal) { parse($0) }
        } else {
            parse(bytes)
        }
    }

    private func parse(_ bytes: UnsafeRawBufferPointer) {
        guard !collector.stopped, let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), !bytes.isEmpty
        else { return }
        guard let cut = tagScanner?.scan(bytes) else {
            xmlParseChunk(context, start, Int32(bytes.count), 0)
            return
        }
        // A start tag with more attributes than libxml2 can check in reasonable time: the
        // document is cut off there, as if truncated, and keeps what came before.
        if cut > 0 { xmlParseChunk(context, start, Int32(cut), 0) }
        collector.sawError = true
        collector.stop()
    }

    /// Runs `body` with libxml2's per-thread error handlers pointed at this parse. Errors raised
    /// outside the parser context (iconv conversion) go to the thread's structured handler;
    /// generic (variadic) messages such as "xmlParseChunk: encoder error" are dropped.
    private func withErrorHandlers(_ body: () -> Void) {
        let previousHandler = tidings_xml_current_error_handler()
        let previousGenericHandler = tidings_xml_current_generic_error_handler()
        let userData = Unmanaged.passUnretained(collector).toOpaque()
        tidings_xml_set_error_handler(tidings_xml_error_handler(handler: SAXHandler.reportError, context: userData))
        tidings_xml_silence_generic_errors()
        defer {
            tidings_xml_set_error_handler(previousHandler)
            tidings_xml_set_generic_error_handler(previousGenericHandler)
        }
        withExtendedLifetime(collector, body)
    }
}
