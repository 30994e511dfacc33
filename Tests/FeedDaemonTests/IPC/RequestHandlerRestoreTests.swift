@testable import FeedDaemon
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Testing

/// `daemon.restore` through the real handler: a refused backup is `-32011` naming it, and the
/// database stays as it was. (Restores that succeed: SQLiteFeedStoreRestoreTests, RestoreTests.)
struct RequestHandlerRestoreTests {
    @Test func aRefusedBackupIsRestoreRefusedNamingItAndTheReason() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-restore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteFeedStore(path: directory.appendingPathComponent("tidings.sqlite").path, text: .verbatim)
        let logger = Logger(label: "test")
        let refresher = RefreshInteractor.make(
            fetcher: RemoteDataManagerStub(), parser: LibXMLFeedParser(), store: store, concurrency: 1, logger: logger)
        let handler = try RequestHandler.make(
            refresher: refresher, library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer),
            hello: .init(protocolVersion: "1.7", daemonVersion: "9.9"),
            logger: logger)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).sqlite").path
        let cases = [
            ("backup.sqlite", "cannot restore from backup.sqlite: the daemon needs an absolute path"),
            (missing, "cannot restore from \(missing): No such file or directory"),
        ]
        for (path, message) in cases {
            let line = #"{"jsonrpc":"2.0","id":1,"method":"daemon.restore","params":{"path":"\#(path)"}}"#
            let answer = try #require(await handler.handle(Data(line.utf8)))
            let object = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
            let error = try #require(object["error"] as? [String: Any], "\(object)")
            #expect(error["code"] as? Int == RPCErrorCode.restoreRefused.rawValue)
            #expect((error["message"] as? String)?.hasPrefix(message) == true, "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
            "tidings.sqlite", "tidings.sqlite-shm", "tidings.sqlite-wal",
        ])
    }
}
