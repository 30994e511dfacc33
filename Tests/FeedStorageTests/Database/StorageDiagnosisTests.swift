@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// SQLite says "database or disk is full" or "disk I/O error" for every storage trouble; the
/// diagnosis asks the file system which it is.
struct StorageDiagnosisTests {
    @Test func aFullOrFailingDiskIsNamedWithItsDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-diagnosis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tidings.sqlite").path
        // The temporary directory has room: a full database is then too little room, not a full disk.
        #expect(StorageDiagnosis.phrase(code: .SQLITE_FULL, path: path).hasPrefix("the disk holding \(directory.path) has too little room ("))
        #expect(StorageDiagnosis.phrase(code: .SQLITE_IOERR, path: path) == "the disk under \(path) failed to read or write (an I/O error)")
        #expect(StorageDiagnosis.phrase(code: .SQLITE_READONLY, path: path).hasPrefix("the database file \(path) cannot be written"))
    }

    @Test(.enabled(if: getuid() == 0, "mounting needs root"))
    func aFileSystemMountedReadOnlyIsToldAsSuch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-readonly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m,ro", "tidings-test", directory.path]) == 0 else {
            Issue.record("mount -t tmpfs -o ro failed")
            return
        }
        defer { _ = Self.run("/usr/bin/umount", ["-l", directory.path]) }
        let path = directory.appendingPathComponent("tidings.sqlite").path
        for code in [ResultCode.SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_FULL] {
            #expect(StorageDiagnosis.phrase(code: code, path: path) == "the file system holding \(directory.path) is read-only")
        }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
