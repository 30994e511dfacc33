/// The captured text of a batch of item drafts, in one buffer, and the lists (categories,
/// authors, dates) those drafts hold.
///
/// Drafts keep ranges of it (`DraftText`, `DraftList`) instead of arrays and strings of their
/// own: the parsing thread makes a few allocations per batch instead of several per item, and
/// the thread that builds the items frees a few buffers per batch instead of reaching into the
/// parsing thread's allocator for every field (the two threads then wait on each other's malloc
/// locks). Drafts hold no reference to the arena: it travels beside them.
///
/// A value type, filled in place through `inout` by the parsing thread and handed over whole
/// with its batch (`ItemAssembler`): no reference counting per captured field.
struct TextArena: Sendable {
    private var storage: [UInt8] = []
    /// The entries of every `DraftList` of the batch.
    private var entries: [(tag: Int, text: DraftText)] = []

    init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Bytes held.
    var count: Int { storage.count }

    /// Forgets every text, keeping the buffers for the next ones.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Copies `bytes` in and returns where they are.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = storage.count
        storage.append(contentsOf: bytes)
        return start..<storage.count
    }

    /// Calls `body` with the bytes in `range`; the buffer is valid only during the call.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Keeps `text` (see `DraftText.init`) as an entry of `list`, tagged with what it is (a
    /// handler's lists of one item, such as categories and authors, share one `DraftList`). The
    /// entries of one list must be added without entries of another list in between, which
    /// holds for the one item open at a time.
    mutating func append(_ text: CapturedText, encoding: ContentEncoding = [], tag: Int, to list: inout DraftList) {
        let draft = DraftText(text, encoding: encoding, in: &self)
        if list.range.isEmpty { list.range = entries.count..<entries.count }
        precondition(list.range.upperBound == entries.count, "DraftList entries must be contiguous")
        entries.append((tag, draft))
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
