import Foundation
import Testing
@testable import FeedClient

struct AtomicExportFileWriterTests {
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "tidings-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test func replacesTheFileAndLeavesNothingElse() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/subs.opml"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        try AtomicExportFileWriter().write("<opml>中文</opml>\n", toPath: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<opml>中文</opml>\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["subs.opml"])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o044 != 0 || mode == 0o600, "readable as a new file would be: \(String(mode, radix: 8))")
    }

    @Test func aMissingDirectoryIsReportedAndNothingIsLeft() {
        #expect(throws: ExportFileError.unwritable("No such file or directory")) {
            try AtomicExportFileWriter().write("x", toPath: "/nonexistent/tidings/subs.opml")
        }
    }

    @Test func aDirectoryInTheWayIsReportedAndTheTemporaryFileRemoved() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/taken", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: directory + "/taken/inside", withIntermediateDirectories: false)
        #expect(throws: ExportFileError.self) { try AtomicExportFileWriter().write("x", toPath: directory + "/taken") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["taken"])
    }
}
