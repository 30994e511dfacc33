import FeedEntities
import FeedIPC
import Foundation

extension RefreshInteractor {
    /// The shared pass runs in a task of its own, so a waiter that goes away leaves it to the
    /// others. A waiter is cancelled only when the daemon shuts down (the scheduler, or a client
    /// whose connection is closed), and then the pass is cancelled too: its transfers end at
    /// once instead of holding the shutdown for their timeouts.
    func sharedPass(
        progress: Progress?, coversAll: Bool, _ include: @escaping @Sendable (Feed, Date) -> Bool
    ) async throws -> [RefreshOutcome] {
        let task: Task<[RefreshOutcome], any Error>
        if let refreshingAll {
            task = refreshingAll
        } else {
            task = Task {
                defer { self.sharedPassEnded() }
                return try await self.refresh(progress: { await self.shareProgress($0) }, where: include)
            }
            refreshingAll = task
            sharedPassCoversAll = coversAll
        }
        guard let progress else { return try await Self.awaitCancellably(task) }
        let (updates, listener) = AsyncStream.makeStream(of: RPC.Refresh.Progress.self)
        for update in sharedProgress { listener.yield(update) }
        sharedListeners.append(listener)
        async let outcomes = Self.awaitCancellably(task)
        for await update in updates { await progress(update) }
        return try await outcomes
    }

    /// Keeps `update` for callers that join later and passes it on to those listening now.
    private func shareProgress(_ update: RPC.Refresh.Progress) {
        sharedProgress.append(update)
        for listener in sharedListeners { listener.yield(update) }
    }

    /// Forgets the shared pass (the next request starts a new one) and ends its listeners' streams.
    private func sharedPassEnded() {
        refreshingAll = nil
        for listener in sharedListeners { listener.finish() }
        sharedListeners = []
        sharedProgress = []
    }

    private static func awaitCancellably(_ task: Task<[RefreshOutcome], any Error>) async throws -> [RefreshOutcome] {
        try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }
}
