import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// The copy taken before migrations run on an existing database.
struct SQLiteFeedStoreBackupTests {
    let directory: URL
    let path: String
    private let database: Version3Database

    init() throws {
        database = try Version3Database(label: "backup")
        directory = database.directory
        path = database.path
    }

    /// A database as Tidings with schema v3 left it, with one feed.
    private func createVersion3Database() throws {
        try database.create()
    }

    private func backups() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".bak") }.sorted()
    }

    @Test func migratingAnExistingDatabaseFirstCopiesIt() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try createVersion3Database()

        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(store.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        #expect(store.migrationBackup == path + ".before-v4.bak")
        #expect(try backups() == ["tidings.sqlite.before-v4.bak"])
        #expect(try await store.feeds().map(\.title) == ["Old"])

        // The copy is the database as it was: schema v3, with its feed.
        let copy = try DatabaseQueue(path: path + ".before-v4.bak")
        let (migrations, titles, integrity) = try await copy.read { db in
            (try SQLiteFeedStore.migrator.appliedMigrations(db), try String.fetchAll(db, sql: "SELECT title FROM feed"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(migrations == ["v1", "v2", "v3"])
        #expect(titles == ["Old"])
        #expect(integrity == "ok")
        try copy.close()

        // Opening it again migrates nothing and copies nothing.
        let again = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(again.migrationBackup == nil)
        #expect(try backups() == ["tidings.sqlite.before-v4.bak"])
    }

    @Test func aNewDatabaseGetsNoCopy() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(store.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        #expect(store.migrationBackup == nil)
        #expect(try backups().isEmpty)
    }

    @Test func onlyTheNewestTwoCopiesAreKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try createVersion3Database()
        // Copies left by earlier migrations (an hour and a day ago), and another database's.
        for (name, age) in [("tidings.sqlite.before-v2.bak", 86_400.0), ("tidings.sqlite.before-v3.bak", 3600), ("other.sqlite.before-v2.bak", 86_400)] {
            let file = directory.appendingPathComponent(name)
            try Data("old copy".utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: file.path)
        }
        // A half-written copy from a crash is replaced.
        try Data("half".utf8).write(to: URL(fileURLWithPath: path + ".before-v4.bak.partial"))

        _ = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(try backups() == ["other.sqlite.before-v2.bak", "tidings.sqlite.before-v3.bak", "tidings.sqlite.before-v4.bak"])
        #expect(!FileManager.default.fileExists(atPath: path + ".before-v4.bak.partial"))
        #expect(SQLiteFeedStore.backups(of: path) == [path + ".before-v4.bak", path + ".before-v3.bak"])
    }

    @Test func aCopyThatCannotBeWrittenStopsTheMigration() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try createVersion3Database()
        // A directory in the way of the copy's temporary file: VACUUM INTO cannot create it.
        try FileManager.default.createDirectory(atPath: path + ".before-v4.bak.partial/x", withIntermediateDirectories: true)
        let error = try #require(throws: FeedStoreDatabaseError.self) { _ = try SQLiteFeedStore(path: path, text: .verbatim) }
        #expect(error.description.hasPrefix("cannot back up the database to \(path).before-v4.bak before migration v4"), "\(error)")
        let pool = try DatabasePool(path: path)
        #expect(try pool.read { try SQLiteFeedStore.migrator.appliedMigrations($0) } == ["v1", "v2", "v3"], "not migrated")
        try pool.close()
    }
}
