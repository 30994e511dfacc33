import FeedEntities
import Synchronization

/// Items encoded for the `tidingsd parse` JSON contract one at a time, as a parse streams them
/// out (`FeedParseSession`'s item sink), to be written after the feed's own fields by
/// `ParseContractEncoder.write(_:items:to:)` once the document is read.
///
/// Holding the JSON rather than the items keeps a large feed's memory at about its output's
/// size, and the encoding happens on the thread that builds the items, while the parse goes on.
/// `append` is called by one thread at a time (a sink is never called concurrently), from
/// whichever thread the session uses; the lock makes the hand-over between them safe.
public final class EncodedItems: Sendable {
    /// Output is kept in pieces of about this size, so it never has to be copied to grow.
    static let chunkSize = 1 << 20

    private struct State {
        var chunks: [[UInt8]] = []
        var current: [UInt8] = []
        var count = 0
    }

    private let state = Mutex(State())
    private let encoder = ParseContractEncoder()

    public init() {}

    /// Items appended so far.
    public var count: Int { state.withLock { $0.count } }

    /// Encodes `item` after the ones appended before.
    public func append(_ item: ParsedItem) {
        state.withLock { state in
            if state.current.capacity == 0 { state.current.reserveCapacity(Self.chunkSize + 64 << 10) }
            if state.count > 0 { state.current.append(UInt8(ascii: ",")) }
            encoder.encode(item, into: &state.current)
            state.count += 1
            if state.current.count >= Self.chunkSize {
                state.chunks.append(state.current)
                state.current = []
            }
        }
    }

    /// The JSON so far, in order, handed over (and no longer held here).
    func takeChunks() -> [[UInt8]] {
        state.withLock { state in
            var chunks = state.chunks
            if !state.current.isEmpty { chunks.append(state.current) }
            state.chunks = []
            state.current = []
            return chunks
        }
    }
}
