import Glibc
import Synchronization

/// A task executor with one thread of its own, for work that blocks its thread: a daemon
/// connection's calls wait in `read(2)` (`UnixSocketDaemonClient`). Run on the cooperative
/// pool, which has one thread per core, a `watch` that stays open and a long `refresh` would
/// take every thread and freeze the reader; here they take only their own.
///
/// Jobs run one at a time, in the order they were enqueued. The thread lives as long as the
/// process: the reader makes a handful, once.
final class ConnectionThread: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is only touched under `lock`; the condition variable pairs with it.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wakeUp = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []

    /// Starts the thread.
    /// - Throws: `ConnectionThread.StartError` when the system refuses another thread.
    init() throws(StartError) {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(wakeUp, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            Unmanaged<ConnectionThread>.fromOpaque(context!).takeUnretainedValue().runJobs()
        }, context)
        guard result == 0 else {
            Unmanaged<ConnectionThread>.fromOpaque(context).release()
            throw StartError(code: result)
        }
        pthread_detach(thread)
    }

    /// The system would not start another thread.
    struct StartError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "cannot start a thread: \(String(cString: strerror(code)))" }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        pthread_mutex_lock(lock)
        jobs.append(unowned)
        pthread_cond_signal(wakeUp)
        pthread_mutex_unlock(lock)
    }

    /// Runs jobs as they come, for ever (the thread's result type, never returned).
    private func runJobs() -> UnsafeMutableRawPointer? {
        while true {
            pthread_mutex_lock(lock)
            while jobs.isEmpty { pthread_cond_wait(wakeUp, lock) }
            let job = jobs.removeFirst()
            pthread_mutex_unlock(lock)
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
