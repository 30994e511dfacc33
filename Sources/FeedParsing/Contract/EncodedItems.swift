import Glibc
import FeedEntities
import Synchronization

/// Items encoded for the `tidingsd parse` JSON contract one at a time, as a parse streams them
/// out (`FeedParseSession(…, encodingItemsInto:)`), to be written after the feed's own fields by
/// `ParseContractEncoder.write(_:items:to:)` once the document is read.
///
/// Holding the JSON rather than the items keeps a large feed's memory at about its output's
/// size, and the encoding happens on the thread that builds the items, while the parse goes on;
/// RSS items are written straight from their drafts' bytes, without a `String` per field.
/// Appends come from one thread at a time (the session never encodes two items at once), from
/// whichever thread the session uses; the lock makes the hand-over between them safe.
public final class EncodedItems: Sendable {
    /// Output is kept in pieces of about this size, so it never has to be copied to grow.
    static let chunkSize = 8 << 20

    private struct State {
        var chunks: [[UInt8]] = []
        var writer = ContractWriter()
        var count = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Encodes `item` after the ones appended before.
    public func append(_ item: ParsedItem) {
        append(writing: { $0.item(item) })
    }

    /// Appends the item `write` writes (`ContractWriter.item`).
    func append(writing write: (inout ContractWriter) -> Void) {
        state.withLock { state in
            if state.writer.output.capacity == 0 {
                state.writer.output.reserveCapacity(Self.chunkSize + 64 << 10)
                Self.adviseHugePages(&state.writer.output)
            }
            if state.count > 0 { state.writer.raw(",") }
            write(&state.writer)
            state.count += 1
            if state.writer.output.count >= Self.chunkSize {
                state.chunks.append(state.writer.output)
                state.writer.output = []
            }
        }
    }

    /// Asks the kernel to back `buffer`'s capacity with transparent huge pages where it can
    /// (`madvise` mode, the Debian default): a large feed's output is tens of megabytes written
    /// once, and faulting it in 4 KiB pages cost an eighth of the item thread's time.
    private static func adviseHugePages(_ buffer: inout [UInt8]) {
        #if os(Linux)
        let hugePage = UInt(2 << 20)
        let capacity = UInt(buffer.capacity)
        buffer.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress.map(UInt.init(bitPattern:)) else { return }
            let start = (base + hugePage - 1) & ~(hugePage - 1)
            let end = (base + capacity) & ~(hugePage - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, Int(end - start), MADV_HUGEPAGE)
        }
        #endif
    }

    /// The JSON so far, in order, handed over (and no longer held here).
    func takeChunks() -> [[UInt8]] {
        state.withLock { state in
            var chunks = state.chunks
            if !state.writer.output.isEmpty { chunks.append(state.writer.output) }
            state.chunks = []
            state.writer.output = []
            return chunks
        }
    }
}
