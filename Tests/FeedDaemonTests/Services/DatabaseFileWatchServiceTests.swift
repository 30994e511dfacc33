@testable import FeedDaemon
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport

/// The service that ends the daemon when its database file is lost: it finds the loss by its
/// own periodic check or from a store call, saves the database, and throws.
struct DatabaseFileWatchServiceTests {
    /// A store whose file is lost after `checksBeforeLoss` checks, or when `lose()` is called
    /// (as a store call would find it).
    final class FileStub: DatabaseFileWatching {
        let loss = DatabaseFileLostError(path: "/data/tidings.sqlite", loss: .replaced)
        let checksBeforeLoss: Int
        let saveFails: Bool
        let checks = Mutex(0)
        let stream = AsyncStream.makeStream(of: DatabaseFileLostError.self)

        init(checksBeforeLoss: Int = .max, saveFails: Bool = false) {
            self.checksBeforeLoss = checksBeforeLoss
            self.saveFails = saveFails
        }

        func checkFile() -> DatabaseFileLostError? {
            let count = checks.withLock { $0 += 1; return $0 }
            return count > checksBeforeLoss ? loss : nil
        }

        var fileLosses: AsyncStream<DatabaseFileLostError> { stream.stream }

        let damageStream = AsyncStream.makeStream(of: DamagedDatabaseError.self)
        var damages: AsyncStream<DamagedDatabaseError> { damageStream.stream }

        func lose() { stream.continuation.yield(loss) }

        func saveLostDatabase() async throws -> String {
            if saveFails { throw CocoaError(.fileWriteOutOfSpace) }
            return loss.path + ".replaced-20261126T050000.bak"
        }
    }

    private func service(_ store: FileStub) -> DatabaseFileWatchService {
        DatabaseFileWatchService(store: store, interval: .milliseconds(10), logger: Logger(label: "test"))
    }

    @Test func thePeriodicCheckFindsTheLossAndTheDatabaseIsSaved() async throws {
        let store = FileStub(checksBeforeLoss: 3)
        let error = await #expect(throws: DatabaseFileLostError.self) { try await service(store).run() }
        #expect(error?.loss == .replaced)
        #expect(error?.savedCopy == "/data/tidings.sqlite.replaced-20261126T050000.bak")
        #expect(store.checks.withLock { $0 } == 4)
    }

    @Test func damageIsLoggedAsCriticalAndTheServiceGoesOn() async throws {
        let store = FileStub()
        let log = LogRecorder()
        let watching = DatabaseFileWatchService(store: store, interval: .seconds(3600), logger: log.logger)
        let run = Task { try await watching.run() }
        let damage = DamagedDatabaseError(
            path: "/data/tidings.sqlite", problems: ["database disk image is malformed"], backups: [], foundWhileServing: true)
        store.damageStream.continuation.yield(damage)
        // Polled: the log has no signal to wait on, and a loaded machine may take a while.
        let deadline = ContinuousClock.now + .seconds(60)
        while !log.lines.contains("critical: \(damage)"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(log.lines.contains("critical: \(damage)"), "\(log.lines)")
        // Still watching: a loss found later ends it.
        store.lose()
        await #expect(throws: DatabaseFileLostError.self) { try await run.value }
    }

    @Test func aLossAStoreCallFoundEndsTheServiceWithoutWaitingForTheCheck() async throws {
        let store = FileStub()
        let watching = DatabaseFileWatchService(store: store, interval: .seconds(3600), logger: Logger(label: "test"))
        let run = Task { try await watching.run() }
        store.lose()
        await #expect(throws: DatabaseFileLostError.self) { try await run.value }
    }

    @Test func aCopyThatCannotBeSavedStillEndsTheDaemon() async throws {
        let store = FileStub(checksBeforeLoss: 0, saveFails: true)
        let error = await #expect(throws: DatabaseFileLostError.self) { try await service(store).run() }
        #expect(error?.savedCopy == nil)
    }

    @Test func cancellingTheServiceEndsItQuietly() async throws {
        let run = Task { try await service(FileStub()).run() }
        try await Task.sleep(for: .milliseconds(30))
        run.cancel()
        try await run.value
    }
}
