import FeedEntities

/// Where a streaming parse sends its items (see `FeedParseSession`): one call per item, in
/// document order, never two at once.
enum ItemDelivery: Sendable {
    /// Each item as a `ParsedItem`.
    case items(ParsedItemSink)
    /// Each item's JSON for the `tidingsd parse` contract. Handlers that can write it straight
    /// from their drafts (`ItemAssembler`'s `encode`) do; other items are encoded as built.
    case contract(EncodedItems)

    func deliver(_ item: ParsedItem) {
        switch self {
        case .items(let sink): sink(item)
        case .contract(let encoded): encoded.append(item)
        }
    }
}
