import Foundation
import Testing
@testable import FeedClient

struct POSIXImportFileReaderTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "tidings-import-\(UUID().uuidString).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsUTF8WithoutItsByteOrderMark() throws {
        let path = try temporaryFile([0xEF, 0xBB, 0xBF] + Array("https://a.example/feed \"新闻\"\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try POSIXImportFileReader().text(ofFileAt: path, limit: 1000) == "https://a.example/feed \"新闻\"\n")
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let path = try temporaryFile(Array(repeating: 0x41, count: 11))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImportFileError.tooLarge(limit: 10)) { try POSIXImportFileReader().text(ofFileAt: path, limit: 10) }
        #expect(try POSIXImportFileReader().text(ofFileAt: path, limit: 11) == "AAAAAAAAAAA")
    }

    @Test func aMissingFileGivesTheSystemsReason() {
        #expect(throws: ImportFileError.unreadable("No such file or directory")) {
            try POSIXImportFileReader().text(ofFileAt: "/nonexistent/tidings/subs.opml", limit: 10)
        }
    }

    @Test func latin1IsNotUTF8() throws {
        let path = try temporaryFile([0x43, 0x61, 0x66, 0xE9])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImportFileError.notUTF8) { try POSIXImportFileReader().text(ofFileAt: path, limit: 100) }
    }

    @Test func errorsReadAsTheRestOfASentence() {
        #expect(ImportFileError.tooLarge(limit: 1_000_000).description
            == "it is larger than 1000000 bytes, the most one import sends to the daemon; split it in parts")
        #expect(ImportFileError.unreadable("Permission denied").description == "Permission denied")
    }
}
