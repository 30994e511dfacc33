@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// The store notices when its database file is deleted or replaced under it, stops, removes
/// the lost file's write-ahead log from beside the path, and can still save what it had open.
struct SQLiteFeedStoreFileIdentityTests {
    private let database: Version3Database
    private var path: String { database.path }

    init() throws {
        database = try Version3Database(label: "identity")
    }

    /// A store with one feed, `https://example.org/kept`.
    private func openStore() async throws -> SQLiteFeedStore {
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        _ = try await store.importFeeds([FeedImport(url: "https://example.org/kept")], at: Date())
        return store
    }

    private func feedURLs(inDatabaseAt file: String) throws -> [String] {
        let queue = try DatabaseQueue(path: file)
        defer { try? queue.close() }
        return try queue.read { try String.fetchAll($0, sql: "SELECT url FROM feed ORDER BY id") }
    }

    @Test func aFileMovedOverThePathStopsTheStoreAndIsLeftAsItIs() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        #expect(store.checkFile() == nil)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))

        // Another database, made elsewhere and moved into place.
        let other = database.directory.appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: other)
        try await queue.write { try $0.execute(sql: "CREATE TABLE note (text TEXT); INSERT INTO note VALUES ('mine')") }
        try queue.close()
        #expect(rename(other, path) == 0)

        let loss = try #require(store.checkFile())
        #expect(loss == DatabaseFileLostError(path: path, loss: .replaced))
        #expect(loss.description.contains("\(path) was replaced by another file"))
        await #expect(throws: loss) { _ = try await store.feeds() }
        await #expect(throws: loss) { _ = try await store.markAllRead(feedID: nil, read: true) }
        // The lost file's log and shared memory are gone from beside the path; the file there
        // is untouched and opens whole.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        let check = try DatabaseQueue(path: path)
        #expect(try await check.read { try String.fetchAll($0, sql: "SELECT text FROM note") } == ["mine"])
        #expect(try await check.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        try check.close()

        // What the store had open is saved beside the path, its log included.
        let saved = try await store.saveLostDatabase()
        #expect(saved.hasPrefix(path + ".replaced-") && saved.hasSuffix(".bak"), "\(saved)")
        #expect(try feedURLs(inDatabaseAt: saved) == ["https://example.org/kept"])
        #expect(!FileManager.default.fileExists(atPath: saved + ".partial"))
    }

    @Test func aDeletedFileIsReportedOnceAndNothingIsMadeAtThePath() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        var losses = store.fileLosses.makeAsyncIterator()
        #expect(unlink(path) == 0)

        await #expect(throws: DatabaseFileLostError(path: path, loss: .deleted)) { _ = try await store.statistics() }
        #expect(await losses.next() == DatabaseFileLostError(path: path, loss: .deleted))
        #expect(store.checkFile()?.loss == .deleted)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: file), "\(file)")
        }
        let saved = try await store.saveLostDatabase()
        #expect(saved.hasPrefix(path + ".deleted-"))
        #expect(try feedURLs(inDatabaseAt: saved) == ["https://example.org/kept"])
    }

    @Test func aRestoreIntoALostFileIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        let backup = database.directory.appendingPathComponent("backup.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: backup)
        #expect(rename(backup, path) == 0)
        await #expect(throws: DatabaseFileLostError(path: path, loss: .replaced)) {
            _ = try await store.restore(from: backup)
        }
    }

    @Test func aLogAnotherProgramMadeSinceIsNotRemoved() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        #expect(unlink(path) == 0)
        #expect(unlink(path + "-wal") == 0)
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data("not ours".utf8))

        #expect(store.checkFile()?.loss == .deleted)
        #expect(FileManager.default.contents(atPath: path + "-wal") == Data("not ours".utf8))
    }

    @Test func aDeletedLogStopsTheStoreBeforeTheNextWriteAndItsChangesArePutBack() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        // The import is committed to the log only (nothing checkpointed it).
        #expect(unlink(path + "-wal") == 0)

        let lost = DatabaseFileLostError(path: path, loss: .deleted, file: .log)
        await #expect(throws: lost) {
            _ = try await store.importFeeds([FeedImport(url: "https://example.org/after")], at: Date())
        }
        await #expect(throws: lost) { _ = try await store.feeds() }
        #expect(lost.description.contains("the write-ahead log \(path)-wal of the database was deleted"))

        // What the store had open, the committed import with it, takes the stale file's place.
        #expect(try await store.saveLostDatabase() == path)
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(try feedURLs(inDatabaseAt: path) == ["https://example.org/kept"])
        let check = try DatabaseQueue(path: path)
        #expect(try await check.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        try check.close()
    }

    @Test func aLogPutInPlaceByAnotherProgramIsKeptAsideAndNeverReadIntoTheDatabase() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        let foreign = database.directory.appendingPathComponent("foreign-wal").path
        _ = FileManager.default.createFile(atPath: foreign, contents: Data(repeating: 7, count: 4096))
        #expect(rename(foreign, path + "-wal") == 0)

        await #expect(throws: DatabaseFileLostError(path: path, loss: .replaced, file: .log)) {
            try await store.markAllRead(feedID: nil, read: true)
        }
        #expect(try await store.saveLostDatabase() == path)
        #expect(try feedURLs(inDatabaseAt: path) == ["https://example.org/kept"])
        let names = try FileManager.default.contentsOfDirectory(atPath: database.directory.path)
        let aside = try #require(names.first { $0.hasPrefix((path as NSString).lastPathComponent + "-wal.") && $0.hasSuffix(".bak") })
        #expect(FileManager.default.contents(atPath: database.directory.appendingPathComponent(aside).path) == Data(repeating: 7, count: 4096))
    }

    @Test func aDeletedIndexOfTheLogStopsTheStore() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        #expect(unlink(path + "-shm") == 0)
        #expect(store.checkFile() == DatabaseFileLostError(path: path, loss: .deleted, file: .sharedMemory))
        await #expect(throws: DatabaseFileLostError.self) { _ = try await store.statistics() }
        #expect(try await store.saveLostDatabase() == path)
        #expect(try feedURLs(inDatabaseAt: path) == ["https://example.org/kept"])
    }

    @Test func aMovedDirectoryIsToldApartAndLeftWholeWhereItWent() async throws {
        let moved = database.directory.deletingLastPathComponent().appendingPathComponent(
            database.directory.lastPathComponent + "-moved")
        defer {
            try? FileManager.default.removeItem(at: database.directory)
            try? FileManager.default.removeItem(at: moved)
        }
        let store = try await openStore()
        #expect(rename(database.directory.path, moved.path) == 0)
        let loss = try #require(store.checkFile())
        #expect(loss.loss == .directoryGone)
        #expect(loss.description.contains("the directory of the database \(path) was moved or deleted"))
        await #expect(throws: FeedStoreDatabaseError.self) { _ = try await store.saveLostDatabase() }
        let movedDatabase = moved.appendingPathComponent((path as NSString).lastPathComponent).path
        #expect(FileManager.default.fileExists(atPath: movedDatabase + "-wal"), "the log went with it")
    }

    @Test func aStoreWhoseFileIsInPlaceIsNotLostAndCannotSaveACopy() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await openStore()
        #expect(store.checkFile() == nil)
        await #expect(throws: FeedStoreDatabaseError.self) { _ = try await store.saveLostDatabase() }
        #expect(try SQLiteFeedStore.inMemory().checkFile() == nil)
    }

    @Test func backupTimestampsAreUTCAndSortable() {
        #expect(SQLiteFeedStore.backupTimestamp(Date(timeIntervalSince1970: 1_795_669_200)) == "20261126T050000")
    }
}
