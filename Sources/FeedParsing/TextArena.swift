/// The captured text of a batch of item drafts, in one buffer, and the lists (categories,
/// authors) those drafts hold.
///
/// Drafts keep ranges of it (`DraftText`, `DraftList`) instead of arrays and strings of their
/// own: the parsing thread makes a few allocations per batch instead of several per item, and
/// the thread that builds the items frees a few buffers per batch instead of reaching into the
/// parsing thread's allocator for every field (the two threads then wait on each other's malloc
/// locks). Drafts hold no reference to the arena: it travels beside them.
///
/// `@unchecked Sendable`: the parsing thread appends to an arena only until `ItemAssembler`
/// hands it over with its batch; from then on it is only read.
final class TextArena: @unchecked Sendable {
    // (Touched by one thread at a time, as said above: no runtime exclusivity checks on the
    // buffers every captured field is appended to.)
    @exclusivity(unchecked)
    private var storage: [UInt8] = []
    /// The entries of every `DraftList` of the batch.
    @exclusivity(unchecked)
    private var entries: [(tag: Int, text: DraftText)] = []

    init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Bytes held.
    var count: Int { storage.count }

    /// Copies `bytes` in and returns where they are.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = storage.count
        storage.append(contentsOf: bytes)
        return start..<storage.count
    }

    /// Calls `body` with the bytes in `range`; the buffer is valid only during the call.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Adds `text` to `list`, tagged with what it is (a handler's lists of one item, such as
    /// categories and authors, share one `DraftList`). The entries of one list must be added
    /// without entries of another list in between, which holds for the one item open at a time.
    func append(_ text: DraftText, tag: Int, to list: inout DraftList) {
        if list.range.isEmpty { list.range = entries.count..<entries.count }
        precondition(list.range.upperBound == entries.count, "DraftList entries must be contiguous")
        entries.append((tag, text))
        list.range = list.range.lowerBound..<entries.count
    }

    /// The entries of `list` tagged `tag`, in the order they were added.
    func entries(of list: DraftList, tag: Int) -> [DraftText] {
        entries[list.range].compactMap { $0.tag == tag ? $0.text : nil }
    }
}

/// A list of texts of an item draft (categories, authors), kept in the batch's `TextArena`.
struct DraftList: Sendable {
    fileprivate(set) var range: Range<Int> = 0..<0
}
