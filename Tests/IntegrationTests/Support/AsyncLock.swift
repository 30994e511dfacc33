/// A lock that tasks wait for without blocking a thread, first come first served: tests that
/// share one resource of the machine (tt-rss's single database, port 80) take turns with it
/// even when their suites run in parallel.
actor AsyncLock {
    private var isHeld = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once the caller holds the lock. Not cancellable: a waiter gets the lock in turn
    /// and must `release()` it.
    func acquire() async {
        guard isHeld else {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Hands the lock to the longest waiter, or frees it.
    func release() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
