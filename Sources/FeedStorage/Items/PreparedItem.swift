import FeedEntities
import GRDB

/// An item of a parsed document as `ItemWriter` stores it, with everything that needs no
/// database worked out beforehand: its key, its title as text, its text bounded, its summary and
/// content compressed, its lists as JSON, its canonical link.
///
/// The store has one writer, and a refresh pass parses feeds faster than that writer stores
/// them; what is prepared here is prepared by the refreshing task, beside the writer, rather
/// than by the writer in turn (`prepare(_:htmlToText:compressor:)` is safe from any thread).
struct PreparedItem: Sendable {
    /// `ParsedItem.storeKey`, from the title as the document has it.
    let key: String
    /// The item as stored: title as text, summary and content as HTML. Rules match this.
    let item: ParsedItem
    /// The columns the insert and the update share, `?2` ... `?11`: key, guid, title, link,
    /// author, published, updated, html (the summary and content, `TextCompressor`),
    /// categories, enclosures.
    let columns: StatementArguments
    /// The bounded guid and link, for the look-up of the same article in other feeds.
    let guid: String?
    let link: String?
    /// `CanonicalLink.key` of the link: stored with the item, and what copies are found by.
    let canonicalLink: String?

    /// The items of a document, once each: when a document lists the same key twice, its first
    /// occurrence wins (feeds put the current version of an entry first, and a document must
    /// not count one item twice). In document order.
    /// - Parameters:
    ///   - htmlToText: the text of an HTML title (`SQLiteFeedStore.htmlToText`).
    ///   - compressor: compresses the summary and content (`item.html`).
    static func prepare(_ items: [ParsedItem], htmlToText: (String) -> String, compressor: TextCompressor) -> [PreparedItem] {
        var seenKeys = Set<String>()
        var prepared: [PreparedItem] = []
        prepared.reserveCapacity(items.count)
        let coder = JSONColumnCoder()
        let session = compressor.makeSession()
        for var item in items {
            // The key from the title as the document has it, so that it stays what it was.
            let key = item.storeKey
            guard seenKeys.insert(key).inserted else { continue }
            item.title = item.titleText(htmlToText: htmlToText)
            // Plain text is kept as HTML like the rest, so that everything reading these
            // columns reads HTML (the renderer, the search index, excerpts).
            item.summary = item.summaryHTML
            item.content = item.contentHTML
            item.summaryIsText = nil
            item.contentIsText = nil
            // Titles, names and links through `StoredText` (the key is bounded by `storeKey`);
            // the summary and content are bounded by the parser's limits on a document.
            let guid = StoredText.link(item.id), link = StoredText.link(item.link)
            // Existential values, not `[DatabaseValue]`: GRDB's initializer for a sequence of
            // one concrete type maps it through a key path that the runtime instantiates on
            // every call.
            let values: [(any DatabaseValueConvertible)?] = [
                key, guid, StoredText.bounded(item.title), link, StoredText.bounded(item.author),
                item.published?.timeIntervalSince1970, item.updated?.timeIntervalSince1970,
                session.compress(StoredHTML(summary: item.summary, content: item.content)),
                coder.encode(StoredText.categories(item.categories)),
                coder.encode(StoredText.enclosures(item.enclosures)),
            ]
            prepared.append(PreparedItem(
                key: key, item: item, columns: StatementArguments(values), guid: guid, link: link,
                canonicalLink: CanonicalLink.key(for: link)))
        }
        return prepared
    }
}
