#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import CLibXML2
import FeedEntities

/// libxml2 must be initialised once per process before parsers run on several threads.
private let libXML2Initialized: Void = xmlInitParser()

/// Reads RSS 0.9x/1.0/2.0 and Atom 0.3/1.0 with libxml2's SAX2 push parser.
///
/// The document is pushed to libxml2 in 64 KiB chunks and never becomes a tree: a collector
/// maps elements to a `ParsedFeed` as they go by. The parser is hardened for documents from
/// anywhere: no network (`XML_PARSE_NONET`), no DTD loading, no entity substitution by libxml2
/// (references are answered by the collector, which never reads external entities and bounds
/// internal expansion), a depth limit and a size limit. Broken XML is recovered as far as
/// libxml2 can (`XML_PARSE_RECOVER`) and reported through `wellFormed`.
public struct LibXMLFeedParser: FeedParser {
    /// Documents larger than this many bytes are refused with `FeedParsingError.tooLarge`.
    public let maximumDocumentSize: Int

    /// Bytes handed to libxml2 per `xmlParseChunk` call.
    static let chunkSize = 64 << 10
    /// Total bytes that entities declared inside a document may expand to.
    static let entityExpansionBudget = 1 << 20

    public init(maximumDocumentSize: Int = 32 << 20) {
        self.maximumDocumentSize = maximumDocumentSize
    }

    public func parse(_ data: Data, baseURL: String?, charset: String?) throws(FeedParsingError) -> ParsedFeed {
        guard data.count <= maximumDocumentSize else { throw .tooLarge(limit: maximumDocumentSize) }
        let base = baseURL.flatMap { URL(string: $0.trimmingASCIIWhitespace()) }
        let outcome = data.withUnsafeBytes { parse(document: $0, base: base, charset: charset) }
        switch outcome {
        case .feed(let feed): return feed
        case .notAFeed(let reason): throw .notAFeed(reason)
        }
    }

    private enum Outcome {
        case feed(ParsedFeed)
        case notAFeed(String)
    }

    private func parse(document: UnsafeRawBufferPointer, base: URL?, charset: String?) -> Outcome {
        let prologue = DocumentPrologue(document)
        // Documents that are plainly something else are named without running libxml2.
        if prologue.isBlank || prologue.startsLikeJSON || prologue.startsLikeHTML {
            return .notAFeed(prologue.description)
        }
        _ = libXML2Initialized

        let collector = FeedCollector(baseURL: base, entityExpansionBudget: Self.entityExpansionBudget)
        let userData = Unmanaged.passUnretained(collector).toOpaque()
        var sax = SAXHandler.make()
        guard let context = xmlCreatePushParserCtxt(&sax, userData, nil, 0, nil) else {
            return .notAFeed("document could not be read (libxml2 parser context unavailable)")
        }
        defer {
            if let tree = context.pointee.myDoc { xmlFreeDoc(tree) }
            xmlFreeParserCtxt(context)
        }
        collector.context = context

        // Errors raised outside the parser context (iconv conversion) go to the thread's
        // structured handler: point it at this parse while it runs, then put back the old one.
        // Generic (variadic) messages such as "xmlParseChunk: encoder error" are dropped.
        let previousHandler = tidings_xml_current_error_handler()
        let previousGenericHandler = tidings_xml_current_generic_error_handler()
        tidings_xml_set_error_handler(tidings_xml_error_handler(handler: SAXHandler.reportError, context: userData))
        tidings_xml_silence_generic_errors()
        defer {
            tidings_xml_set_error_handler(previousHandler)
            tidings_xml_set_generic_error_handler(previousGenericHandler)
        }

        let input = prepareInput(document, prologue: prologue, charset: charset, context: context, collector: collector)

        withExtendedLifetime(collector) {
            if let converted = input {
                converted.withUnsafeBytes { push($0, to: context, collector: collector) }
            } else {
                push(document, to: context, collector: collector)
            }
        }

        let wellFormed =
            context.pointee.wellFormed != 0 && context.pointee.nsWellFormed != 0 && !collector.sawError
            && !collector.entities.refusedExpansion
        switch collector.finish() {
        case .feed(var feed):
            feed.wellFormed = wellFormed
            return .feed(feed)
        case .notAFeed(let reason):
            return .notAFeed(reason ?? prologue.description)
        }
    }

    /// Sets the parser options and the encoding, and returns the bytes to parse when they are
    /// not the document as given (converted from windows-1252, bare ampersands escaped).
    private func prepareInput(
        _ document: UnsafeRawBufferPointer, prologue: DocumentPrologue, charset: String?,
        context: xmlParserCtxtPtr, collector: FeedCollector
    ) -> [UInt8]? {
        // Never XML_PARSE_NOENT (entity substitution) nor XML_PARSE_DTDLOAD/DTDATTR/XINCLUDE.
        // OLDSAX makes libxml2 ask getEntity even for the predefined entities; see
        // FeedCollector+Entities.
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_OLDSAX.rawValue
        let encoding = prologue.encoding(httpCharset: charset, document: document)
        var converted: [UInt8]?
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
                if !DocumentPrologue.startsWithValidUTF8(document) { converted = Windows1252.utf8(from: document) }
            }
        case .windows1252(let guessed):
            converted = Windows1252.utf8(from: document)
            options |= XML_PARSE_IGNORE_ENC.rawValue
            if guessed { collector.sawError = true }  // undeclared and not UTF-8
        }
        xmlCtxtUseOptions(context, Int32(options))

        // A bare "&" is not well-formed, but repairing it keeps "Q&A" from becoming "Q".
        if prologue.isASCIICompatible(encoding) {
            let repaired =
                if let converted {
                    converted.withUnsafeBytes { BareAmpersands.escaped($0) }
                } else {
                    BareAmpersands.escaped(document)
                }
            if let repaired {
                converted = repaired
                collector.sawError = true
            }
        }
        return converted
    }

    private func push(_ document: UnsafeRawBufferPointer, to context: xmlParserCtxtPtr, collector: FeedCollector) {
        guard let start = document.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            xmlParseChunk(context, nil, 0, 1)
            return
        }
        var offset = 0
        while offset < document.count, !collector.stopped {
            let length = min(Self.chunkSize, document.count - offset)
            xmlParseChunk(context, start + offset, Int32(length), 0)
            offset += length
        }
        if !collector.stopped { xmlParseChunk(context, nil, 0, 1) }
    }
}
