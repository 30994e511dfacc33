import CMalloc
import Foundation

/// One thread that runs the parsing jobs of a refresh in the order they were queued, so that
/// the fetcher's transfer thread only moves bytes.
///
/// Why a thread of its own rather than a Dispatch queue: a serial queue runs on whichever
/// worker thread is free, and glibc gives every thread that allocates its own malloc arena,
/// which keeps what it freed; parsing 32 feeds on a wandering queue cost the daemon ~8 MB more.
///
/// The bytes queued and not parsed yet are bounded (`maximumQueuedBytes`): past that, `enqueue`
/// waits until the thread has caught up halfway, so a parser slower than the network slows
/// the downloads down instead of piling their bodies up in memory.
///
/// The thread ends once its queue has been empty for `idleTimeout` (the next job starts another)
/// or the `ParseThread` is released: a thread keeps a cache of the blocks it freed (glibc's
/// tcache), which pins heap pages `malloc_trim` cannot give back for as long as the thread
/// lives, between passes hours apart (idle anonymous memory after a cold pass of 100,000 items:
/// 15.0 MB with one thread for good, 13.5 MB with a thread per pass; means of 3 and 6 runs).
final class ParseThread: Sendable {
    private let shared: Shared

    /// - Parameters:
    ///   - maximumQueuedBytes: body bytes that may wait for the parser.
    ///   - idleTimeout: seconds without a job after which the thread ends.
    init(name: String, maximumQueuedBytes: Int = 2 << 20, idleTimeout: TimeInterval = 2) {
        shared = Shared(name: name, limit: maximumQueuedBytes, idleTimeout: idleTimeout)
    }

    deinit {
        shared.stop()
    }

    /// Queues `job`, which carries `bytes` body bytes; a job with bytes may wait for the thread
    /// to catch up (see above), one without never waits. Never call it from a job.
    func enqueue(bytes: Int = 0, _ job: @escaping @Sendable () -> Void) {
        shared.enqueue(bytes: bytes, job)
    }

    /// Runs `work` on the thread and returns its result: CPU-bound work (an extraction, an
    /// image's decoding) kept off the cooperative pool. Never call it from a job.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            enqueue { continuation.resume(returning: work()) }
        }
    }

    /// The queue and its bookkeeping, shared by the `ParseThread` and its thread (which must
    /// not keep the `ParseThread` alive).
    private final class Shared: @unchecked Sendable {
        // `@unchecked Sendable`: every stored property below is read and written with
        // `condition` locked.
        private let condition = NSCondition()
        private var jobs: [(bytes: Int, job: @Sendable () -> Void)] = []
        private var next = 0
        private var queuedBytes = 0
        private var stopping = false
        private var running = false
        private let limit: Int
        private let name: String
        private let idleTimeout: TimeInterval

        init(name: String, limit: Int, idleTimeout: TimeInterval) {
            self.name = name
            self.limit = max(1, limit)
            self.idleTimeout = idleTimeout
        }

        func enqueue(bytes: Int, _ job: @escaping @Sendable () -> Void) {
            condition.lock()
            defer { condition.unlock() }
            if !running {
                running = true
                let thread = Thread { self.run() }
                thread.name = name
                thread.start()
            }
            jobs.append((bytes, job))
            queuedBytes += bytes
            condition.broadcast()
            while bytes > 0, queuedBytes > limit, !stopping { condition.wait() }
        }

        func stop() {
            condition.lock()
            stopping = true
            condition.broadcast()
            condition.unlock()
        }

        func run() {
            while let (bytes, job) = take() {
                job()
                condition.lock()
                queuedBytes -= bytes
                if queuedBytes <= limit / 2 { condition.broadcast() }
                condition.unlock()
            }
            // glibc hands the thread's cache of freed blocks back to the heap as the thread
            // exits, after this returns; the heap's free pages go back to the system once it has.
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { _ = malloc_trim(0) }
        }

        /// The next job, waiting for one; `nil` once stopped with nothing left, or idle for
        /// `idleTimeout` (the thread ends; the next job starts another).
        private func take() -> (bytes: Int, job: @Sendable () -> Void)? {
            condition.lock()
            defer { condition.unlock() }
            while next == jobs.count {
                if stopping || !condition.wait(until: Date(timeIntervalSinceNow: idleTimeout)), next == jobs.count {
                    running = false
                    return nil
                }
            }
            let taken = jobs[next]
            jobs[next] = (0, { @Sendable in })  // the job and the bytes it holds go as soon as it has run
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            } else if next >= 1024, next * 2 >= jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            return taken
        }
    }
}
