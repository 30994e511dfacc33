#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
internal import CLibXML2
import FeedEntities

/// The SAX2 target of one parse: keeps the open elements, `xml:base` and the text being
/// collected, picks a format handler from the root element and feeds it element events.
///
/// Text is collected only inside elements a handler asked for, into one reusable byte buffer
/// that becomes a `String` once per field. Element names are classified once per distinct
/// name: libxml2 interns names in its dictionary, so the pointers it passes identify them.
///
/// End tags are matched by name against the collector's own stack, the way HTML parsers
/// recover, rather than trusting libxml2's recovery. When an end tag does not match the
/// innermost element (`<description>a<br>b</description>`), libxml2 closes only the innermost
/// one (`br`) and from then on its idea of what is open is off by one, which would nest every
/// following item inside the previous one. The collector instead closes everything up to the
/// element the end tag names, and ignores end tags that name nothing open.
final class FeedCollector {
    /// Deeper documents are cut off here; no feed nests anywhere near this.
    static let maximumDepth = 256

    /// The parser context, set once it exists; needed to ask libxml2 where it is and to stop it.
    var context: xmlParserCtxtPtr?

    let documentBase: IRI?
    /// Returned from `getEntity` for references whose text the collector wrote itself.
    let emptyEntity: xmlEntityPtr?
    var entities: DocumentEntities

    /// The handler chosen from the root element; `events` is the same object, called for every
    /// element without being retained and released each time (this property keeps it alive).
    private(set) var handler: (any FeedFormatHandler)? {
        didSet { events = handler }
    }
    @exclusivity(unchecked)
    private unowned(unsafe) var events: (any FeedFormatHandler)?
    private(set) var notAFeedReason: String?
    private(set) var sawRoot = false
    /// An error libxml2 reported, or a limit the collector enforced.
    var sawError = false
    @exclusivity(unchecked)
    private(set) var stopped = false
    /// The name in the end tag libxml2 just reported as not matching the open element
    /// (XML_ERR_TAG_NAME_MISMATCH); consumed by the end event that follows the error.
    @exclusivity(unchecked)
    var mismatchedEndTag: [UInt8]?

    /// The open elements, outermost first; the captured element and its descendants included.
    /// (The collector's state is only touched from libxml2's callbacks, one at a time on the
    /// parsing thread, so the runtime exclusivity checks on the hottest properties are off.)
    @exclusivity(unchecked)
    var open: [OpenElement] = []
    /// `xml:base` values in effect, by the depth of the element that set them.
    @exclusivity(unchecked)
    var bases: [(depth: Int, url: IRI?)] = [] {
        didSet { innermostBaseDepth = bases.last?.depth ?? 0 }
    }
    /// The depth of the innermost `xml:base`, 0 when there is none: checked at every end tag
    /// without copying (and retaining) the URL beside it.
    @exclusivity(unchecked)
    private var innermostBaseDepth = 0
    @exclusivity(unchecked)
    var capture: Capture?
    /// The namespace declarations written into the captured markup so far, innermost last
    /// (`FeedCollector+Markup`); empty outside markup with foreign elements.
    var markupBindings: [MarkupBinding] = []
    /// Where the last start tag written into the capture ends, to write an element with no
    /// content as one empty-element tag.
    var lastStartTagEnd = -1
    /// The namespace of the captured element: markup in it inherited the feed's default
    /// namespace without declaring one of its own, and is written as HTML.
    var captureNamespace: UnsafePointer<xmlChar>?
    /// The content of the element being captured.
    @exclusivity(unchecked)
    var text: [UInt8] = []
    @exclusivity(unchecked)
    var names: [NameKey: ElementName] = [:]
    /// The names classified last, by a hash of their pointers: a feed uses a few dozen names,
    /// so nearly every element is found here without hashing into `names`.
    @exclusivity(unchecked)
    var recentNames = [(key: NameKey, name: ElementName)?](repeating: nil, count: recentNameSlots)
    static let recentNameSlots = 64
    @exclusivity(unchecked)
    var namespaces: [UInt: XMLNamespace] = [:]

    struct Capture {
        let mode: CaptureMode
        /// Depth of the captured element.
        let depth: Int
        /// Depth of the Atom xhtml wrapper `div` left out of the markup, if there is one.
        var wrapperDepth: Int?
        /// Whether the first child element has been seen (only it can be the wrapper).
        var wrapperDecided: Bool
    }

    /// An open element. The name pointers stay valid for the whole parse: they live in the
    /// parser context's dictionary.
    struct OpenElement {
        let name: ElementName
        let localName: UnsafePointer<xmlChar>
        let prefix: UnsafePointer<xmlChar>?
        let uri: UnsafePointer<xmlChar>?

        /// Whether an end tag written as `qualifiedName` (`title`, `dc:creator`) closes this element.
        func isClosed(by qualifiedName: [UInt8]) -> Bool {
            guard let colon = qualifiedName.firstIndex(of: UInt8(ascii: ":")) else {
                return CString.bytes(localName).elementsEqual(qualifiedName)
            }
            guard let prefix else { return false }
            return CString.bytes(prefix).elementsEqual(qualifiedName[..<colon])
                && CString.bytes(localName).elementsEqual(qualifiedName[(colon + 1)...])
        }
    }

    struct NameKey: Hashable {
        let local: UInt
        let uri: UInt
        /// Only for elements without a namespace URI, whose prefix then decides (see `classify`).
        let prefix: UInt
    }

    /// Given to the handler once the root element has chosen it (`FeedFormatHandler.streamItems`).
    private let streamedItems: EncodedItems?

    init(baseURL: IRI?, entityExpansionBudget: Int, streamingItemsInto streamedItems: EncodedItems?) {
        documentBase = baseURL
        self.streamedItems = streamedItems
        entities = DocumentEntities(expansionBudget: entityExpansionBudget)
        emptyEntity = tidings_xml_new_empty_entity()
    }

    deinit {
        tidings_xml_free_empty_entity(emptyEntity)
    }

    /// How many elements are open; the depth of the innermost one.
    var depth: Int { open.count }

    // MARK: - Element events

    func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        declaredNamespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, declaredNamespaceCount: Int,
        attributes: AttributeList
    ) {
        guard !stopped else { return }
        mismatchedEndTag = nil
        guard depth < Self.maximumDepth else {
            sawError = true
            stop()
            return
        }
        let name = classify(localName, prefix: prefix, uri: uri)
        if !sawRoot {
            sawRoot = true
            let root = RootElement(
                name: name, localName: String(cString: localName), prefix: prefix.map { String(cString: $0) },
                namespaceURI: uri.map { String(cString: $0) }, version: attributes["version"],
                declaredNamespaces: Self.namespaceURIs(declaredNamespaces, count: declaredNamespaceCount))
            switch FeedFormatDetector.detect(root) {
            case .feed(let handler):
                self.handler = handler
                if let streamedItems { handler.streamItems(into: streamedItems) }
            case .notAFeed(let reason):
                notAFeedReason = reason
                stop()
                return
            }
        } else if open.isEmpty {
            stop()  // a second root element: whatever follows is not part of the feed
            return
        }
        guard let handler = events else { return }
        open.append(OpenElement(name: name, localName: localName, prefix: prefix, uri: uri))
        if let value = attributes.xmlBase {
            bases.append((depth, LinkResolver.base(value, below: currentBase)))
        }
        if capture != nil {
            startElementInCapture(localName: localName, prefix: prefix, uri: uri, attributes: attributes)
            return
        }
        if let mode = handler.didStart(name, attributes: attributes, context: elementContext()) {
            capture = Capture(mode: mode, depth: depth, wrapperDepth: nil, wrapperDecided: mode != .markup(unwrapDiv: true))
            text.removeAll(keepingCapacity: true)
            if !markupBindings.isEmpty { markupBindings.removeAll(keepingCapacity: true) }
            captureNamespace = uri
        }
    }

    func endElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?) {
        guard !stopped else { return }
        let target: Int?
        if let written = mismatchedEndTag {
            mismatchedEndTag = nil
            target = open.lastIndex { $0.isClosed(by: written) }
        } else {
            target = open.lastIndex { $0.localName == localName && $0.uri == uri && $0.prefix == prefix }
        }
        guard let target else { return }  // closes nothing that is open: ignored
        while open.count > target { closeInnermost() }
    }

    func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        mismatchedEndTag = nil
        guard let capture, count > 0 else { return }
        let buffer = UnsafeBufferPointer(start: bytes, count: count)
        if case .markup = capture.mode {
            appendEscaped(buffer, inAttribute: false)
        } else {
            text.append(contentsOf: buffer)
        }
    }

    /// Ends the parse early (not a feed, too deep): libxml2 stops calling back.
    func stop() {
        stopped = true
        if let context { xmlStopParser(context) }
    }

    func closeInnermost() {
        guard let element = open.last else { return }
        if let capture {
            if depth == capture.depth {
                self.capture = nil
                events?.didCapture(CapturedText(bytes: text, base: currentBase), context: elementContext())
                text.removeAll(keepingCapacity: true)
            } else if capture.mode == .plainText {
                text.append(UInt8(ascii: " "))
            } else if depth != capture.wrapperDepth {
                appendEndTag(localName: element.localName, prefix: element.prefix, uri: element.uri)
            }
        } else {
            events?.didEnd(element.name, context: elementContext())
        }
        if innermostBaseDepth == depth { bases.removeLast() }
        open.removeLast()
    }
}
