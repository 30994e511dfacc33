/// The captured text of a batch of item drafts, in one buffer.
///
/// Drafts keep ranges of it (`DraftText`) instead of an array each: the parsing thread makes
/// one allocation per batch instead of one per field, and the thread that builds the items
/// frees one buffer per batch instead of reaching into the parsing thread's allocator for every
/// field (which made the two threads wait on each other's malloc locks).
///
/// `@unchecked Sendable`: the parsing thread appends to an arena only until `ItemAssembler`
/// hands it over with its batch; from then on it is only read.
final class TextArena: @unchecked Sendable {
    private var storage: [UInt8] = []

    init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Bytes held.
    var count: Int { storage.count }

    /// Copies `bytes` in and returns where they are.
    func append(_ bytes: [UInt8]) -> Range<Int> {
        let start = storage.count
        storage.append(contentsOf: bytes)
        return start..<storage.count
    }

    /// Calls `body` with the bytes in `range`; the buffer is valid only during the call.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
