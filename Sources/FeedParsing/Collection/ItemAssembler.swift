import Dispatch
import FeedEntities
import Synchronization

/// Turns the item drafts a format handler finished into `ParsedItem`s, on a second thread once
/// a document turns out to have many of them, so that building them overlaps with parsing.
///
/// A draft keeps its text as captured bytes in the batch's `TextArena`; making the strings
/// (cleaning every byte, validating UTF-8, allocating) costs about as much as libxml2's parse
/// itself. On a large feed that work runs on a serial queue while the parsing thread goes on
/// reading, a batch at a time so that the hand-over costs little. The first `batchSize` items
/// are built on the parsing thread as soon as they end, and the arena is emptied after each:
/// most feeds are that small, and a daemon refreshing 32 of them at once then holds each
/// feed's text once (its items) instead of twice (the arena and, at the end, the items). The
/// order of the items is the document's either way.
///
/// Used by one parse at a time, from one thread at a time, like the collector that owns it.
final class ItemAssembler<Draft: Sendable> {
    /// Builds one item from its draft and the arena of the draft's batch.
    typealias Build = @Sendable (borrowing Draft, TextArena) -> ParsedItem
    /// Writes one item's `tidingsd parse` JSON straight from its draft (`ContractWriter.item`).
    typealias Encode = @Sendable (borrowing Draft, TextArena, inout ContractWriter) -> Void

    /// Items per hand-over to the queue; also the count below which nothing is handed over.
    static var batchSize: Int { 256 }

    private let build: Build
    private let encode: Encode?
    /// Where the items are encoded as they are built, instead of being returned by `finish()`
    /// (see `FeedParseSession`). Set before the first item, when the root element is read.
    var output: EncodedItems?
    private var batch: [Draft] = []
    /// Where the drafts of the current batch keep their text (see `TextArena`); while items are
    /// built one at a time, only the open item's text.
    var arena = TextArena(capacity: 4 << 10)
    /// The items built on the parsing thread, one at a time as they ended (the first
    /// `batchSize` of the document), when they are kept.
    private var early: [ParsedItem] = []
    /// Items built or passed on one at a time so far.
    private var earlyCount = 0
    /// Created with the first full batch: most feeds have fewer items.
    private var worker: Worker?

    /// Batches handed over and not built yet, at most: when the builder falls behind (a slow
    /// sink, a busy machine), the parsing thread waits rather than piling drafts up in memory.
    static var batchesInFlight: Int { 4 }

    /// The queue and what it built so far.
    private final class Worker: Sendable {
        let queue = DispatchQueue(label: "tidings.feedparsing.items")
        let built = Mutex<[ParsedItem]>([])
        let slots = DispatchSemaphore(value: ItemAssembler.batchesInFlight)
    }

    init(build: @escaping Build, encode: Encode? = nil) {
        self.build = build
        self.encode = encode
    }

    /// Adds the next item of the document.
    func add(_ draft: consuming Draft) {
        if earlyCount < Self.batchSize {
            earlyCount += 1
            if let deliver = deliverer {
                deliver(draft, arena)
            } else {
                early.append(build(draft, arena))
            }
            arena.removeAll()
            return
        }
        if batch.isEmpty { batch.reserveCapacity(Self.batchSize) }
        batch.append(draft)
        guard batch.count >= Self.batchSize else { return }
        let worker = self.worker ?? Worker()
        self.worker = worker
        let drafts = batch
        let arena = arena
        let deliver = deliverer
        let build = build
        batch = []
        batch.reserveCapacity(Self.batchSize)
        self.arena = TextArena(capacity: arena.count + arena.count / 4)
        worker.slots.wait()
        worker.queue.async {
            if let deliver {
                for draft in drafts { deliver(draft, arena) }
            } else {
                let items = drafts.map { build($0, arena) }
                worker.built.withLock { $0.append(contentsOf: items) }
            }
            worker.slots.signal()
        }
    }

    /// How a finished draft is passed on when items stream (`nil` when they are kept): its JSON
    /// written straight from the draft when the handler can, else the item built and encoded.
    private var deliverer: (@Sendable (borrowing Draft, TextArena) -> Void)? {
        guard let output else { return nil }
        if let encode {
            return { draft, arena in output.append(writing: { encode(draft, arena, &$0) }) }
        }
        let build = build
        return { draft, arena in output.append(build(draft, arena)) }
    }

    /// Every item added, in order (none when they went to the sink); waits for the queue to
    /// finish its batches.
    func finish() -> [ParsedItem] {
        var items = early
        early = []
        if let worker {
            worker.queue.sync {}
            worker.built.withLock { built in
                items.append(contentsOf: built)
                built = []
            }
        }
        if let deliver = deliverer {
            for draft in batch { deliver(draft, arena) }
            batch = []
            return []
        }
        items.reserveCapacity(items.count + batch.count)
        for draft in batch { items.append(build(draft, arena)) }
        batch = []
        return items
    }
}
