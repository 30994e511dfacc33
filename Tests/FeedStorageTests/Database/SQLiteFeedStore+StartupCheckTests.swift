@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// The start-up check: a database that opens but has a damaged page is refused before it is
/// migrated, copied or served.
struct SQLiteFeedStoreStartupCheckTests {
    private let database: Version3Database
    private var path: String { database.path }

    init() throws {
        database = try Version3Database(label: "check")
    }

    /// Writes garbage over the first half of page `page` (1-based) of the database file.
    private func garble(page: Int) throws {
        let pageSize = try pragma("page_size")
        let file = try #require(FileHandle(forUpdatingAtPath: path))
        try file.seek(toOffset: UInt64((page - 1) * pageSize))
        try file.write(contentsOf: Data((0..<pageSize / 2).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }))
        try file.close()
    }

    private func pageCount() throws -> Int {
        try pragma("page_count")
    }

    private func pragma(_ name: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "PRAGMA \(name)") } ?? 0
    }

    @Test func aDamagedPageIsFoundBeforeTheDatabaseIsMigratedOrCopied() throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        try database.create(fillerFeeds: 400)
        let pages = try pageCount()
        #expect(pages > 20)
        let older = path + ".before-v3.bak"
        _ = FileManager.default.createFile(atPath: older, contents: Data("an older copy".utf8))
        try garble(page: pages - 3)

        let error = try #require(throws: DamagedDatabaseError.self) {
            _ = try SQLiteFeedStore(path: path, text: .verbatim)
        }
        #expect(error.path == path)
        #expect(!error.problems.isEmpty)
        #expect(error.problems.allSatisfy { !$0.contains("\n") && !$0.hasPrefix("***") }, "\(error.problems)")
        #expect(error.problems.first?.hasPrefix("Page ") == true, "\(error.problems)")
        #expect(error.backups == [older])
        // No migration ran, so no copy of the damaged file replaced a good one.
        let left = try FileManager.default.contentsOfDirectory(atPath: database.directory.path).filter { $0.hasSuffix(".bak") }
        #expect(left == ["tidings.sqlite.before-v3.bak"])
        #expect(error.description.hasSuffix("newest backup: \(older); to restore it, run: tidings restore \(older)"))
    }

    @Test func aSoundDatabasePassesTheCheck() throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        try database.create(fillerFeeds: 400)
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(store.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
    }

    @Test func withoutABackupTheMessageSaysSo() {
        let error = DamagedDatabaseError(path: "/d/tidings.sqlite", problems: ["page 7: bad", "page 9: bad"], backups: [])
        #expect(error.restoreAdvice == nil)
        let spaced = DamagedDatabaseError(path: "/d/t.sqlite", problems: ["bad"], backups: ["/my data/t.sqlite.before-v3.bak"])
        #expect(spaced.restoreAdvice == "to restore it, run: tidings restore '/my data/t.sqlite.before-v3.bak'")
        #expect(error.description == "the database /d/tidings.sqlite is damaged and is not served: page 7: bad (and 1 more); no backup found beside it (/d/tidings.sqlite.before-*.bak)")
    }
}
