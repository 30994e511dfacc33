import GRDB

extension SQLiteFeedStore {
    /// A write that `writeGrouped` queued: what it does, and who waits for its result.
    struct GroupedWrite: Sendable {
        /// What the write does, phrased to follow "cannot" (`FeedStoreDatabaseError.operation`).
        let operation: String
        let body: @Sendable (Database) throws -> Int
        let continuation: CheckedContinuation<Int, any Error>
        /// Set when the caller's task is cancelled.
        let cancellation: CallerCancellation
    }

    /// The most refreshes one transaction stores.
    static var refreshesPerTransaction: Int { 16 }

    /// Runs `body` in a transaction it may share with the other writes of this kind that wait
    /// for the writer meanwhile: a batch is committed at once.
    ///
    /// The refreshes of a pass finish parsing faster than one connection stores them, and with
    /// one transaction each, every commit wrote the index pages the feed touched again: a cold
    /// pass of 500 feeds wrote 266 MB of write-ahead log for a database of about 100 MB.
    /// Committed together, the feeds of a batch write each shared page once.
    ///
    /// When a write of the batch throws, or the commit fails, the whole batch is rolled back and
    /// its writes are run again one transaction each, so that only the write that failed fails.
    /// (Savepoints would keep the others without running them twice, but SQLite journals every
    /// page a savepoint changes to a temporary file: as many bytes again as the batches saved.)
    /// A body may therefore run twice, and must do nothing but its writes.
    ///
    /// The write runs on the task that drains the queue, not the caller's. A caller cancelled
    /// before its write began gets `CancellationError` and nothing is written; one cancelled
    /// while a rule matches gets it from the rule (`CallerCancellation`), and nothing of its
    /// write is kept.
    /// - Throws: what `body` throws, database errors as `FeedStoreDatabaseError` naming
    ///   `operation`; `DatabaseFileLostError` once the database file is gone.
    func writeGrouped(_ operation: String, _ body: @escaping @Sendable (Database) throws -> Int) async throws -> Int {
        let cancellation = CallerCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let write = GroupedWrite(operation: operation, body: body, continuation: continuation, cancellation: cancellation)
                guard groupCommit.enqueue(write) else { return }
                Task { await self.drainGroupedWrites() }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    private func drainGroupedWrites() async {
        while true {
            let batch = groupCommit.nextBatch()
            guard !batch.isEmpty else { return }
            await commit(batch)
        }
    }

    private func commit(_ batch: [GroupedWrite]) async {
        var writes: [GroupedWrite] = []
        for write in batch {
            if write.cancellation.isCancelled {
                write.continuation.resume(throwing: CancellationError())
            } else {
                writes.append(write)
            }
        }
        if writes.count > 1, let results = try? await together(writes) {
            for (write, result) in zip(writes, results) { write.continuation.resume(returning: result) }
            return
        }
        for write in writes {
            do {
                write.continuation.resume(returning: try await alone(write))
            } catch {
                write.continuation.resume(throwing: error)
            }
        }
    }

    /// Runs `writes` in one transaction; throws whatever one of them or the commit throws.
    private func together(_ writes: [GroupedWrite]) async throws -> [Int] {
        try await write("store \(writes.count) refreshes") { db in
            try writes.map { write in try CallerCancellation.$current.withValue(write.cancellation) { try write.body(db) } }
        }
    }

    private func alone(_ grouped: GroupedWrite) async throws -> Int {
        try await write(grouped.operation) { db in
            try CallerCancellation.$current.withValue(grouped.cancellation) { try grouped.body(db) }
        }
    }
}
