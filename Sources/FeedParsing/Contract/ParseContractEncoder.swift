#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Writes a `ParsedFeed` as the `tidingsd parse` JSON contract (docs/parse-contract.md).
///
/// Tools outside the project check against that contract, so the output is fixed byte for byte:
/// keys in the contract's order, every key present (`null` or `[]` when absent), dates as
/// ISO 8601 in UTC ending in `Z` (milliseconds only when the date has a fraction), one compact
/// JSON document followed by a newline. `JSONEncoder` promises neither the key order nor `null`
/// for absent optionals, hence a writer of its own; it works on bytes because a large feed's
/// output is as large as the feed.
public struct ParseContractEncoder: Sendable {
    public init() {}

    /// The JSON document for `feed`, with its trailing newline, as UTF-8.
    public func encode(_ feed: ParsedFeed) -> [UInt8] {
        var document: [UInt8] = []
        write(feed, flushingEvery: .max) { document.append(contentsOf: $0) }
        return document
    }

    /// Writes the JSON document for `feed` piece by piece, so a large feed's output never has
    /// to be held whole.
    /// - Parameters:
    ///   - threshold: `sink` is called whenever at least this many bytes are ready (between
    ///     items), and once at the end with the rest.
    ///   - sink: receives consecutive pieces of the document; the buffer is valid only during
    ///     the call.
    public func write(
        _ feed: ParsedFeed, flushingEvery threshold: Int = 1 << 16, to sink: (UnsafeRawBufferPointer) -> Void
    ) {
        var writer = ContractWriter()
        writer.output.reserveCapacity(min(threshold, 1024 + feed.items.count * 512) + 4096)
        writer.head(of: feed)
        // Through the buffer: the items are borrowed in place, not copied (and retained field
        // by field) as an array's subscript would.
        feed.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if index > 0 { writer.raw(",") }
                writer.item(items[index])
                if writer.output.count >= threshold {
                    writer.output.withUnsafeBytes(sink)
                    writer.output.removeAll(keepingCapacity: true)
                }
            }
        }
        writer.raw("]}\n")
        writer.output.withUnsafeBytes(sink)
    }

    /// Writes the JSON document for `feed` with the items encoded earlier into `items` (the
    /// feed's own `items` are not written): how `tidingsd parse` writes a feed whose items were
    /// streamed out of the parser (`FeedParseSession(…, encodingItemsInto:)`) as they were read.
    public func write(_ feed: ParsedFeed, items: EncodedItems, to sink: (UnsafeRawBufferPointer) -> Void) {
        var writer = ContractWriter()
        writer.head(of: feed)
        writer.output.withUnsafeBytes(sink)
        for chunk in items.takeChunks() { chunk.withUnsafeBytes(sink) }
        sink(UnsafeRawBufferPointer(start: Self.tail.utf8Start, count: Self.tail.utf8CodeUnitCount))
    }

    private static let tail: StaticString = "]}\n"

}
