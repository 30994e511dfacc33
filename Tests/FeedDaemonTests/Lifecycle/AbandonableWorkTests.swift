@testable import FeedDaemon
import Foundation
import Testing

struct AbandonableWorkTests {
    struct Failure: Error, Equatable {}

    @Test func returnsWhatTheWorkReturnsOrThrows() async throws {
        #expect(try await AbandonableWork.run(name: "test") { 42 } == 42)
        await #expect(throws: Failure()) { try await AbandonableWork.run(name: "test") { () throws -> Int in throw Failure() } }
    }

    /// Work that never ends on its own (it waits for the test) does not hold a cancelled caller.
    @Test func aCancelledCallerStopsWaitingAndTheWorkIsAbandoned() async throws {
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let caller = Task {
            try await AbandonableWork.run(name: "test") { () -> Int in
                started.signal()
                release.wait()
                return 1
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        release.signal()  // the abandoned thread ends; its result goes nowhere
    }

    @Test func aCallerCancelledBeforehandNeverStartsTheWork() async throws {
        let ran = DispatchSemaphore(value: 0)
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await AbandonableWork.run(name: "test") { ran.signal() }
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(ran.wait(timeout: .now()) == .timedOut)
    }
}
