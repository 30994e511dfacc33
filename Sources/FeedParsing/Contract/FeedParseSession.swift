#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Parses a feed document that arrives in pieces, as it downloads, so the fetcher need not hold
/// the whole body before parsing starts and memory does not grow with the document beyond the
/// items kept.
///
/// ```swift
/// let session = parser.makeSession(baseURL: url, charset: charset)
/// for chunk in body { try session.append(chunk) }   // may throw early: stop downloading
/// let feed = try session.finish()
/// ```
///
/// The first bytes decide what the document is (byte order mark, encoding, JSON, HTML), so they
/// are held until there are enough of them: up to the end of the XML declaration when it (or
/// the HTTP charset) names the encoding, 64 KiB when the encoding depends on whether the bytes
/// are UTF-8 (see `DocumentPrologue`). From then on an XML document
/// streams through libxml2's push parser chunk by chunk; a JSON Feed is collected and decoded at
/// the end (JSON Feeds are small, and Foundation's decoder does not stream). The result is the
/// same however the document is cut into chunks.
///
/// Given `EncodedItems`, the items are not kept but encoded for the `tidingsd parse` contract, each
/// as soon as nothing can change it any more (an RSS item at its end tag, on a worker thread for a
/// large feed; the items of other formats when the document ends), in document order, all of them
/// before `finish()` returns, whose `ParsedFeed.items` is then empty: the output is produced while
/// the document is still being read.
///
/// A session is used once, by one caller at a time; it is not `Sendable`, but may be handed from
/// one thread to another between calls. It does not check for task cancellation: a caller that
/// is cancelled simply stops appending and drops the session, which frees everything it holds.
public final class FeedParseSession {
    /// Documents larger than this many bytes are refused with `FeedParsingError.tooLarge`.
    public let maximumDocumentSize: Int

    private let base: IRI?
    private let charset: String?
    private let streamedItems: EncodedItems?
    private var received = 0
    private var state: State = .sniffing([])

    private enum State {
        /// The first bytes, until they say what the document is.
        case sniffing([UInt8])
        case xml(LibXMLPushParser)
        case json(Data)
        case failed(FeedParsingError)
        case finished
    }

    /// Starts a document.
    /// - Parameters:
    ///   - baseURL: the URL the document comes from; relative links are resolved against it.
    ///   - charset: the charset of the HTTP `Content-Type`, when the server sent one.
    ///   - maximumDocumentSize: the size limit in bytes (default 32 MiB).
    public convenience init(baseURL: String?, charset: String?, maximumDocumentSize: Int = 32 << 20) {
        self.init(baseURL: baseURL, charset: charset, maximumDocumentSize: maximumDocumentSize, streamedItems: nil)
    }

    /// Starts a document whose items are encoded into `items` for the `tidingsd parse` contract
    /// as they are read (see above), rather than kept.
    public convenience init(
        baseURL: String?, charset: String?, maximumDocumentSize: Int = 32 << 20, encodingItemsInto items: EncodedItems
    ) {
        self.init(baseURL: baseURL, charset: charset, maximumDocumentSize: maximumDocumentSize, streamedItems: items)
    }

    private init(baseURL: String?, charset: String?, maximumDocumentSize: Int, streamedItems: EncodedItems?) {
        self.maximumDocumentSize = maximumDocumentSize
        self.streamedItems = streamedItems
        self.base = baseURL.flatMap(IRI.init)
        self.charset = charset
    }

    /// Parses the next bytes of the document.
    /// - Throws: `FeedParsingError.tooLarge` as soon as the document exceeds the size limit
    ///   (the chunk that crosses it is not parsed), `.notAFeed` as soon as the document is
    ///   known not to be a feed (an HTML page, an XML document with another root element). After
    ///   an error the session is over: every later call throws the same error.
    /// - Precondition: `finish()` has not been called.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(FeedParsingError) {
        switch state {
        case .failed(let error): throw error
        case .finished: preconditionFailure("FeedParseSession.append(_:) called after finish()")
        default: break
        }
        guard !bytes.isEmpty else { return }
        received += bytes.count
        guard received <= maximumDocumentSize else { return try fail(.tooLarge(limit: maximumDocumentSize)) }

        guard case .sniffing(var head) = state else { return try continueDocument(bytes) }
        // A first chunk that says enough is used in place, without a copy.
        if head.isEmpty, isEnough(bytes) { return try start(with: bytes) }
        state = .finished  // releases the array so that appending does not copy it
        // Never more than the longest head needed: the rest goes on to the parser in place.
        let taken = min(bytes.count, DocumentPrologue.utf8CheckWindow + 1 - head.count)
        head.append(contentsOf: bytes.prefix(taken))
        guard head.withUnsafeBytes({ isEnough($0) }) else {
            state = .sniffing(head)
            return
        }
        try start(with: head)
        if taken < bytes.count { try continueDocument(UnsafeRawBufferPointer(rebasing: bytes[taken...])) }
    }

    /// Passes bytes to the parser that was chosen for the document.
    private func continueDocument(_ bytes: UnsafeRawBufferPointer) throws(FeedParsingError) {
        switch state {
        case .xml(let parser):
            parser.push(bytes)
            if let reason = parser.notAFeedReason { try fail(.notAFeed(reason)) }
        case .json(var document):
            state = .finished  // releases the buffer so that appending does not copy it
            document.append(bytes.bindMemory(to: UInt8.self))
            state = .json(document)
        case .sniffing, .failed, .finished:
            break  // a document that failed takes no more bytes
        }
    }

    /// Parses the next bytes of the document; see `append(_:)` for a raw buffer.
    public func append(_ data: Data) throws(FeedParsingError) {
        let outcome = data.withUnsafeBytes { bytes in
            Result { () throws(FeedParsingError) in try append(bytes) }
        }
        try outcome.get()
    }

    /// Ends the document.
    /// - Returns: the feed; `wellFormed` is `false` when items were recovered from broken XML.
    /// - Throws: `FeedParsingError` when the document is not a feed or was refused earlier.
    /// - Precondition: `finish()` has not been called before.
    public func finish() throws(FeedParsingError) -> ParsedFeed {
        if case .sniffing(let head) = state {
            state = .finished
            try start(with: head)
        }
        let current = state
        state = .finished
        switch current {
        case .xml(let parser):
            return streamingRest(of: try parser.finish().get())
        case .json(let document):
            return streamingRest(of: try JSONFeedParser.parse(document, baseURL: base))
        case .failed(let error):
            state = current
            throw error
        case .sniffing, .finished:
            preconditionFailure("FeedParseSession.finish() called twice")
        }
    }

    /// Encodes the items still in `feed`, if items are streamed.
    private func streamingRest(of feed: ParsedFeed) -> ParsedFeed {
        guard let streamedItems else { return feed }
        var feed = feed
        for item in feed.items { streamedItems.append(item) }
        feed.items = []
        return feed
    }

    // MARK: - Deciding what the document is

    /// Whether `head` holds enough of the document to decide what it is exactly as the whole
    /// document would (`finish()` decides on whatever there is).
    private func isEnough(_ head: UnsafeRawBufferPointer) -> Bool {
        guard DocumentPrologue.isSettled(by: head) else { return false }
        let prologue = DocumentPrologue(head)
        if prologue.hasUnicodeSignature || prologue.startsLikeJSON || prologue.startsLikeHTML { return true }
        // Without a name for the encoding, or with one libxml2 may not know, the encoding
        // depends on whether the first 64 KiB are UTF-8 (the check ignores a sequence cut at
        // the end of its window only when more bytes follow it).
        if prologue.declaredEncoding ?? charset == nil { return head.count > DocumentPrologue.utf8CheckWindow }
        // An HTTP charset stands unless the first 64 KiB prove it wrong (DocumentPrologue.encoding).
        if let charset, !charset.trimmingASCIIWhitespace().isEmpty {
            return head.count > DocumentPrologue.utf8CheckWindow
        }
        if case .converter = prologue.encoding(httpCharset: charset, document: head) {
            return head.count > DocumentPrologue.utf8CheckWindow
        }
        return true
    }

    /// Decides what the document is from its first bytes and starts reading it.
    private func start(with head: UnsafeRawBufferPointer) throws(FeedParsingError) {
        let prologue = DocumentPrologue(head)
        if prologue.isBlank { return try fail(.notAFeed(prologue.description)) }
        if prologue.startsLikeJSON {
            state = .json(Data(head))
            return
        }
        // Plainly something else: named without running libxml2.
        if prologue.startsLikeHTML { return try fail(.notAFeed(prologue.description)) }
        guard let parser = LibXMLPushParser(
            prologue: prologue, head: head, charset: charset, base: base, streamingItemsInto: streamedItems) else {
            return try fail(.notAFeed("document could not be read (libxml2 parser context unavailable)"))
        }
        state = .xml(parser)
        parser.push(head)
        if let reason = parser.notAFeedReason { try fail(.notAFeed(reason)) }
    }

    private func start(with head: [UInt8]) throws(FeedParsingError) {
        // (`withUnsafeBytes` rethrows untyped errors: carry the typed one out in a `Result`.)
        try head.withUnsafeBytes { bytes in Result { () throws(FeedParsingError) in try start(with: bytes) } }.get()
    }

    private func fail(_ error: FeedParsingError) throws(FeedParsingError) {
        state = .failed(error)
        throw error
    }
}
