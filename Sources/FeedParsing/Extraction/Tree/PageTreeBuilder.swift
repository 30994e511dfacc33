internal import CLibXML2

/// Builds a `PageTree` from the events of libxml2's HTML parser: the same parser, options and
/// encoding rules as `HTMLDocument` (the same elements, opened and closed where libxml2's tree
/// builder would put them), without libxml2's tree.
///
/// Text runs the parser reports in pieces become one text node, as in libxml2's tree. Like
/// libxml2's tree builder, it stops the parse 256 elements deep, which bounds hostile nesting
/// before any walk of the tree; and it stops at `maximumNodes` nodes, which bounds what the
/// later stages keep per node (about 170 bytes) on a page of millions of `<p>` or `<br>`.
///
/// The parse's state is a struct the callbacks reach through a pointer: the thousands of events
/// of a page then cost no run-time exclusivity checks, which a class's stored properties would
/// (bench/RESULTS.md, "Article extraction").
struct PageTreeBuilder {
    static let maximumDepth = 256
    /// Real pages stay far below: a very long Wikipedia article has some 150,000 nodes.
    static let maximumNodes = 400_000

    private var nodes: [PageTree.Node] = [PageTree.Node(parent: -1, start: 0, tag: .other, isText: false)]
    private var attributes: [PageTree.Attribute] = []
    private var bytes: [UInt8] = []
    /// The open elements, the document first.
    private var open: [Int32] = [0]
    private var tags = NameCache()
    private var attributeNames = NameCache()
    /// Whether the parse was stopped at the depth or the node limit.
    private var isCut = false

    private init(capacity: Int) {
        nodes.reserveCapacity(capacity / 40)
        attributes.reserveCapacity(capacity / 100)
        bytes.reserveCapacity(capacity / 2)
    }

    /// Parses `document` (see `HTMLDocument.withRoot` for `encoding`). The tree is `nil` when
    /// nothing could be parsed; `complete` is false when the page was cut: before a start tag
    /// with too many attributes (`HTMLTagScanner`), or at the depth or the node limit.
    ///
    /// libxml2 is given the page without what nothing reads (`HTMLTagScanner.Scan.omitted`):
    /// the content of its scripts and style sheets (the elements stay, empty) and blanks that
    /// repeat a blank.
    static func parse(_ document: UnsafeRawBufferPointer, encoding: String?) -> (tree: PageTree?, complete: Bool) {
        let scan = HTMLTagScanner.scan(document)
        let complete = scan.safeLength == document.count
        let page = UnsafeRawBufferPointer(rebasing: document[..<scan.safeLength])
        let omitted = scan.omitted.reduce(0) { $0 + $1.count }
        guard omitted >= Self.leastOmitted else { return parse(page, encoding: encoding, complete: complete) }
        var kept: [UInt8] = []
        kept.reserveCapacity(page.count - omitted)
        var from = 0
        for range in scan.omitted {
            kept.append(contentsOf: page[from..<range.lowerBound])
            from = range.upperBound
        }
        kept.append(contentsOf: page[from...])
        return kept.withUnsafeBytes { parse($0, encoding: encoding, complete: complete) }
    }

    /// Less than this is left in (copying the page would cost more than libxml2 reading it).
    static let leastOmitted = 1024

    private static func parse(_ bytes: UnsafeRawBufferPointer, encoding: String?, complete: Bool) -> (tree: PageTree?, complete: Bool) {
        var complete = complete
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), !bytes.isEmpty,
            bytes.count <= Int(Int32.max)
        else { return (nil, complete) }
        let state = UnsafeMutablePointer<PageTreeBuilder>.allocate(capacity: 1)
        state.initialize(to: PageTreeBuilder(capacity: bytes.count))
        defer { state.deinitialize(count: 1).deallocate() }
        var options = HTMLDocument.options
        if encoding != nil { options |= HTML_PARSE_IGNORE_ENC.rawValue }
        var handler = Self.handler()
        let status = HTMLDocument.withErrorsSilenced {
            tidings_html_sax_read(start, Int32(bytes.count), encoding, Int32(options), &handler, state)
        }
        complete = complete && !state.pointee.isCut
        guard status == 0, state.pointee.nodes.count > 1 else { return (nil, complete) }
        return (PageTree(nodes: state.pointee.nodes, attributes: state.pointee.attributes, bytes: state.pointee.bytes), complete)
    }

    private static func state(_ context: UnsafeMutableRawPointer?) -> (UnsafeMutablePointer<PageTreeBuilder>, xmlParserCtxtPtr) {
        let parser = context!.assumingMemoryBound(to: xmlParserCtxt.self)
        return (parser.pointee._private!.assumingMemoryBound(to: PageTreeBuilder.self), parser)
    }

    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = 1
        handler.startElement = { context, name, attributes in
            let (state, parser) = PageTreeBuilder.state(context)
            guard let name else { return }
            if !state.pointee.start(name, attributes) { xmlStopParser(parser) }
        }
        handler.endElement = { context, _ in
            PageTreeBuilder.state(context).0.pointee.end()
        }
        handler.characters = { context, characters, length in
            guard let characters, length > 0 else { return }
            PageTreeBuilder.state(context).0.pointee.text(UnsafeBufferPointer(start: characters, count: Int(length)))
        }
        // <script> and <style> content.
        handler.cdataBlock = handler.characters
        return handler
    }

    /// Opens element `name`; false when that passes a limit and the parse must stop.
    private mutating func start(_ name: UnsafePointer<xmlChar>, _ pairs: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Bool {
        guard !isCut else { return false }
        guard open.count <= Self.maximumDepth, nodes.count < Self.maximumNodes else {
            isCut = true
            return false
        }
        let tag = PageTag(rawValue: tags.value(for: name) { PageTag.named($0).rawValue }) ?? .other
        let attributeStart = attributes.count
        if var pair = pairs {
            while let attributeName = pair.pointee {
                let value = pair.advanced(by: 1).pointee
                let known = attributeNames.value(for: attributeName) { PageAttribute.named($0)?.rawValue ?? NameCache.unknown }
                if let kind = PageAttribute(rawValue: known), !attributes[attributeStart...].contains(where: { $0.name == kind }) {
                    let valueStart = bytes.count
                    if let value { bytes.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(value))) }
                    attributes.append(PageTree.Attribute(name: kind, start: Int32(valueStart), count: Int32(bytes.count - valueStart)))
                }
                pair += 2
            }
        }
        let index = Int32(nodes.count)
        let parent = open[open.count - 1]
        nodes.append(
            PageTree.Node(parent: parent, start: Int32(attributeStart), count: Int32(attributes.count - attributeStart), tag: tag, isText: false))
        link(index, to: parent)
        open.append(index)
        return true
    }

    private mutating func end() {
        if open.count > 1 { open.removeLast() }
    }

    private mutating func text(_ characters: UnsafeBufferPointer<UInt8>) {
        // Text outside the root element (blanks before <html>) is not in libxml2's tree either.
        guard !isCut, open.count > 1 else { return }
        let parent = open[open.count - 1]
        let last = Int(nodes[Int(parent)].lastChild)
        if last >= 0, nodes[last].isText, Int(nodes[last].start + nodes[last].count) == bytes.count {
            bytes.append(contentsOf: characters)
            nodes[last].count += Int32(characters.count)
            return
        }
        // Past the node limit the text is dropped: the parse stops at the next element.
        guard nodes.count < Self.maximumNodes else {
            isCut = true
            return
        }
        let index = Int32(nodes.count)
        nodes.append(PageTree.Node(parent: parent, start: Int32(bytes.count), count: Int32(characters.count), tag: .other, isText: true))
        bytes.append(contentsOf: characters)
        link(index, to: parent)
    }

    private mutating func link(_ node: Int32, to parent: Int32) {
        let last = nodes[Int(parent)].lastChild
        if last >= 0 { nodes[Int(last)].next = node } else { nodes[Int(parent)].firstChild = node }
        nodes[Int(parent)].lastChild = node
    }
}

/// What a name the parser keeps in its dictionary stands for, kept by the name's pointer: the
/// parser hands each distinct name over as the same pointer, so a page's thousands of tags and
/// attributes cost a lookup each, and telling a name once per page. Direct-mapped: a clash
/// only tells a name again.
struct NameCache {
    static let unknown: UInt8 = 0xFF
    private var keys = [UnsafeRawPointer?](repeating: nil, count: 512)
    private var values = [UInt8](repeating: 0, count: 512)

    mutating func value(for name: UnsafePointer<xmlChar>, tell: (UnsafeBufferPointer<UInt8>) -> UInt8) -> UInt8 {
        let key = UnsafeRawPointer(name)
        let slot = Int((UInt(bitPattern: key) >> 3) & 511)
        if keys[slot] == key { return values[slot] }
        let value = tell(UnsafeBufferPointer(start: name, count: strlen(name)))
        keys[slot] = key
        values[slot] = value
        return value
    }
}
