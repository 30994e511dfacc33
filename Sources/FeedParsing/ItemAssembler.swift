import Dispatch
import FeedEntities
import Synchronization

/// Turns the items a format handler finished into `ParsedItem`s, on a second thread once a
/// document turns out to have many of them, so that building them overlaps with parsing.
///
/// A handler's draft of an item keeps its text as captured bytes; making the strings (cleaning
/// every byte, validating UTF-8, allocating) costs about as much as libxml2's parse itself. On a
/// large feed that work runs on a serial queue while the parsing thread goes on reading, in
/// batches so that the hand-over costs little; a small feed never leaves the parsing thread
/// (its few items are built in `finish()`). The order of the items is the document's either way.
///
/// Used by one parse at a time, from one thread at a time, like the collector that owns it.
final class ItemAssembler {
    /// Builds one item from a draft that owns everything it needs.
    typealias Build = @Sendable () -> ParsedItem

    /// Items per hand-over to the queue; also the count below which nothing is handed over.
    static let batchSize = 256

    private var batch: [Build] = []
    /// Where the drafts of the current batch keep their long text fields (see `TextArena`).
    private(set) var arena = TextArena(capacity: 16 << 10)
    /// Created with the first full batch: most feeds have fewer items.
    private var worker: Worker?

    /// The queue and what it built so far.
    private final class Worker: Sendable {
        let queue = DispatchQueue(label: "tidings.feedparsing.items")
        let built = Mutex<[ParsedItem]>([])
    }

    init() {
        batch.reserveCapacity(Self.batchSize)
    }

    /// Adds the next item of the document.
    func add(_ build: @escaping Build) {
        batch.append(build)
        guard batch.count >= Self.batchSize else { return }
        let worker = self.worker ?? Worker()
        self.worker = worker
        let handed = batch
        batch = []
        batch.reserveCapacity(Self.batchSize)
        arena = TextArena(capacity: arena.count + arena.count / 4)
        worker.queue.async {
            let items = handed.map { $0() }
            worker.built.withLock { $0.append(contentsOf: items) }
        }
    }

    /// Every item added, in order; waits for the queue to finish its batches.
    func finish() -> [ParsedItem] {
        var items: [ParsedItem] = []
        if let worker {
            worker.queue.sync {}
            items = worker.built.withLock { built in
                defer { built = [] }
                return built
            }
        }
        items.reserveCapacity(items.count + batch.count)
        for build in batch { items.append(build()) }
        batch = []
        return items
    }
}
