@testable import FeedDaemon
import Foundation
import Synchronization
import Testing

@Suite("ParseThread")
struct ParseThreadTests {
    @Test func runsJobsOneAtATimeInTheOrderQueued() async {
        let thread = ParseThread(name: "test-parse")
        let seen = Mutex<[Int]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for index in 0..<2_000 {
                thread.enqueue(bytes: index % 7) { seen.withLock { $0.append(index) } }
            }
            thread.enqueue { done.resume() }
        }
        #expect(seen.withLock { $0 } == Array(0..<2_000))
    }

    @Test func bytesBeyondTheLimitWaitForTheThreadToCatchUp() async throws {
        let thread = ParseThread(name: "test-parse", maximumQueuedBytes: 100)
        let gate = DispatchSemaphore(value: 0)
        let events = Mutex<[String]>([])
        thread.enqueue(bytes: 60) { gate.wait() }  // the thread is busy until the gate opens
        thread.enqueue(bytes: 30) {}  // 90 queued: under the limit, no wait
        let producer = Task.detached {
            thread.enqueue(bytes: 30) {}  // 120 queued: waits
            events.withLock { $0.append("enqueued") }
        }
        try await Task.sleep(for: .milliseconds(200))
        events.withLock { $0.append("released") }
        gate.signal()
        await producer.value
        #expect(events.withLock { $0 } == ["released", "enqueued"])
        // A job without bytes never waits, even over the limit: tasks queue the end of a feed.
        let busy = DispatchSemaphore(value: 0)
        let overLimit = Task.detached { thread.enqueue(bytes: 500) { busy.wait() } }
        try await Task.sleep(for: .milliseconds(100))
        thread.enqueue {}
        busy.signal()
        await overLimit.value
    }

    @Test func anIdleThreadEndsAndTheNextJobStartsAnother() async throws {
        let thread = ParseThread(name: "test-parse", idleTimeout: 0.05)
        // Jobs mark their thread, which keeps the mark for as long as it lives.
        func run(_ job: @escaping @Sendable () -> Bool) async -> Bool {
            await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                thread.enqueue { done.resume(returning: job()) }
            }
        }
        // The second job is queued while the first runs: no idle moment between them.
        let gate = DispatchSemaphore(value: 0)
        thread.enqueue {
            gate.wait()
            Thread.current.threadDictionary["test-parse-mark"] = true
        }
        let sameThread = Mutex(false)
        thread.enqueue { sameThread.withLock { $0 = Thread.current.threadDictionary["test-parse-mark"] != nil } }
        gate.signal()
        _ = await run { true }  // after the jobs before it
        #expect(sameThread.withLock { $0 }, "busy: the same thread")
        try await Task.sleep(for: .milliseconds(300))
        #expect(await run { Thread.current.threadDictionary["test-parse-mark"] == nil }, "idle: a new thread")
    }

    @Test func queuedJobsStillRunWhenTheThreadIsReleased() async {
        let ran = Mutex(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            var thread: ParseThread? = ParseThread(name: "test-parse")
            for _ in 0..<100 { thread?.enqueue(bytes: 1) { ran.withLock { $0 += 1 } } }
            thread?.enqueue { done.resume() }
            thread = nil
        }
        #expect(ran.withLock { $0 } == 100)
    }
}
