@testable import FeedDaemon
import FeedEntities
import FeedIPC
import Foundation
import Logging
import Synchronization
import Testing

/// The one reload path of SIGHUP and `daemon.reload`: what it applies, what it remembers for
/// `status`, the order of reloads, and a shutdown that abandons one still reading.
struct ConfigurationReloaderTests {
    /// A config "file" the test writes: each load reads what it holds now.
    final class ConfigSource: Sendable {
        let text = Mutex("")
        let applied = Mutex<[Int]>([])

        func load() throws -> DaemonConfiguration {
            try ConfigurationLoader().parse(text.withLock { $0 }, file: "/c.yaml")
        }
    }

    let notifier = RecordingNotifier()
    let source = ConfigSource()

    func reloader(load: (@Sendable () throws -> DaemonConfiguration)? = nil) -> ConfigurationReloader {
        let source = source
        return ConfigurationReloader(
            configPath: "/c.yaml", load: load ?? { try source.load() },
            apply: { new in
                source.applied.withLock { $0.append(new.concurrency) }
                return ["concurrency → \(new.concurrency)"]
            },
            notifier: notifier, readyStatus: "ready", now: { Date(timeIntervalSince1970: 1_800_000_000) },
            logger: Logger(label: "test"))
    }

    /// Waits for `semaphore` without holding a thread of the cooperative pool.
    static func wait(for semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                semaphore.wait()
                continuation.resume()
            }
        }
    }

    @Test func aRefusalIsRememberedUntilAReloadSucceeds() async throws {
        let reloader = reloader()
        source.text.withLock { $0 = "concurrency: 0\n" }
        guard case .refused(let failure) = await reloader.reload() else { Issue.record("not refused"); return }
        #expect(failure == ReloadFailure(
            at: Date(timeIntervalSince1970: 1_800_000_000), error: "/c.yaml line 1: 'concurrency': must be between 1 and 256, got 0"))
        #expect(reloader.lastFailure == failure)
        #expect(source.applied.withLock { $0 }.isEmpty, "a refused file changes nothing")

        source.text.withLock { $0 = "concurrency: 3\n" }
        guard case .reloaded(let configuration, let changes) = await reloader.reload() else { Issue.record("not reloaded"); return }
        #expect(configuration.concurrency == 3)
        #expect(changes == ["concurrency → 3"])
        #expect(reloader.lastFailure == nil)
        #expect(notifier.sent == ["RELOADING", "READY", "RELOADING", "READY"])
    }

    /// Reloads asked for at once run one after the other, in order: the file read last is in force.
    @Test func reloadsRunOneAtATimeInOrder() async throws {
        let reloader = reloader()
        source.text.withLock { $0 = "concurrency: 5\n" }
        async let first = reloader.reload()
        async let second = reloader.reload()
        async let third = reloader.reload()
        _ = await (first, second, third)
        #expect(source.applied.withLock { $0 } == [5, 5, 5])
        #expect(notifier.sent == Array(repeating: ["RELOADING", "READY"], count: 3).flatMap { $0 })
    }

    /// A load that never ends (a FIFO nobody writes) is abandoned by a shutdown: no READY after
    /// it, and no reload after it.
    @Test func aShutdownAbandonsAReloadStillReadingAndRefusesLaterOnes() async throws {
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let reloader = reloader(load: {
            started.signal()
            release.wait()
            return DaemonConfiguration()
        })
        let reload = Task { await reloader.reload() }
        await Self.wait(for: started)
        reloader.shutDown()
        guard case .abandoned = await reload.value else { Issue.record("not abandoned"); return }
        guard case .abandoned = await reloader.reload() else { Issue.record("a reload after the shutdown ran"); return }
        #expect(notifier.sent == ["RELOADING"])
        #expect(source.applied.withLock { $0 }.isEmpty)
        release.signal()
    }

    /// A caller that goes away abandons its reload, but the daemon is not stopping: the service
    /// manager hears READY again, and the next reload runs.
    @Test func aCancelledCallerAbandonsItsReloadAndTheNextOneRuns() async throws {
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let blocking = Mutex(true)
        let source = source
        let reloader = reloader(load: {
            if blocking.withLock({ $0 }) {
                started.signal()
                release.wait()
            }
            return try source.load()
        })
        let reload = Task { await reloader.reload() }
        await Self.wait(for: started)
        reload.cancel()
        guard case .abandoned = await reload.value else { Issue.record("not abandoned"); return }
        #expect(notifier.sent == ["RELOADING", "READY"])
        blocking.withLock { $0 = false }
        source.text.withLock { $0 = "concurrency: 2\n" }
        guard case .reloaded = await reloader.reload() else { Issue.record("not reloaded"); return }
        #expect(source.applied.withLock { $0 } == [2])
        release.signal()
    }
}
