#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Maps the elements of one feed format to a `ParsedFeed`.
///
/// `FeedCollector` owns the SAX mechanics (element stack, `xml:base`, text buffers, entities,
/// markup serialisation) and calls one handler, chosen from the root element, for the elements
/// outside captured content. A handler only decides what an element means: which field it
/// fills and whether its content is text or markup. Adding a format is adding a handler and a
/// case in `FeedFormatDetector`.
protocol FeedFormatHandler: AnyObject {
    /// An element started outside any captured content.
    /// - Returns: how to capture the element's content when the handler wants it (the content
    ///   then arrives in `didCapture` and the element's children are not reported), or `nil`
    ///   to be told about its children.
    func didStart(_ element: ElementName, attributes: AttributeList, context: ElementContext) -> CaptureMode?

    /// The content of the element whose `didStart` asked for it, at that element's end.
    func didCapture(_ text: CapturedText, context: ElementContext)

    /// An element that was not captured ended (also called, innermost first, for elements a
    /// recovered document left open; not for those of a document cut short, which are dropped).
    func didEnd(_ element: ElementName, context: ElementContext)

    /// Why the document is not a feed after all, once it has been read (e.g. RDF without an
    /// RSS channel); `nil` for a feed.
    var notAFeedReason: String? { get }

    /// The feed as read. `wellFormed` is filled in by the collector.
    func makeFeed() -> ParsedFeed

    /// Encodes the items into `items` as they are built instead of keeping them for
    /// `makeFeed()`, when nothing read later can change them (see `FeedParseSession`). Handlers
    /// whose items may still change (Atom: the feed's author fills in for entries without one)
    /// ignore this, and their items are encoded when the document ends.
    func streamItems(into items: EncodedItems)
}

extension FeedFormatHandler {
    func streamItems(into items: EncodedItems) {}
}

/// Where an element sits.
///
/// Made for every element event, so it holds no references: the base URL is looked up only
/// when a handler asks for it (links, enclosures), not retained and released for every element.
struct ElementContext {
    /// The element's parent, `nil` for the root.
    var parent: ElementName?
    /// 1 for the root element.
    var depth: Int
    /// The collector the event comes from; it outlives every event it sends.
    unowned(unsafe) let collector: FeedCollector

    /// The base URL in effect for the element (its own `xml:base` included).
    var base: IRI? { collector.currentBase }
}

/// How the content of an element is collected.
enum CaptureMode: Equatable {
    /// Character data as decoded; child elements (naked markup in an RSS description) are
    /// written back as tags so no text is lost.
    case text
    /// Inline XML content to serialise (Atom `type="xhtml"`, Atom 0.3 `mode="xml"`): text is
    /// escaped again, elements written as tags. With `unwrapDiv`, the XHTML `div` that Atom
    /// requires around xhtml content is left out.
    case markup(unwrapDiv: Bool)
    /// Character data only, for a field that is a line of text (an author, a category): the
    /// tags of child elements are dropped and their text kept, a space apart
    /// (`<author><name>Ada</name><title>Editor</title></author>` is "Ada Editor").
    case plainText
}
