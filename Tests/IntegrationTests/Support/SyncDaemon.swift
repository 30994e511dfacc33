import Glibc
import FeedEntities
import FeedIPC
import Foundation
import Testing

/// A real `tidingsd` syncing with a reading service (a fake one, or the real tt-rss): the
/// `sync:` section with its secret in a 0600 file, `sync.run` and `sync.status` over the
/// socket (the `tidings sync` command is not needed), and what `tidings` lists, by title.
final class SyncDaemon: @unchecked Sendable {
    let harness: DaemonHarness
    /// The token or password: no log line, status or error may hold it.
    let secret: String
    let secretPath: String
    private let secretDirectory: URL

    /// Starts a daemon whose config syncs with `service` at `url`.
    /// - Parameters:
    ///   - user: signs in with `user` and the secret as password; `nil`: the secret is a
    ///     miniflux API token.
    ///   - extra: more lines of the `sync:` section (`timeout: 2s`).
    init(service: String, url: String, user: String?, secret: String, extra: [String] = []) async throws {
        secretDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-secret-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: secretDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        secretPath = secretDirectory.appendingPathComponent("secret").path
        self.secret = secret
        try Self.writePrivately(secret + "\n", to: secretPath)
        var lines = ["sync:", "  service: \(service)", "  url: \(url)"]
        if let user {
            lines += ["  user: \(user)", "  password_file: \(secretPath)"]
        } else {
            lines += ["  token_file: \(secretPath)"]
        }
        lines += extra.map { "  " + $0 }
        harness = try await DaemonHarness(config: lines.joined(separator: "\n"))
    }

    deinit {
        try? FileManager.default.removeItem(at: secretDirectory)
    }

    private static func writePrivately(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HarnessError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw HarnessError("\(path): short write") }
    }

    // MARK: - JSON-RPC

    /// One request on a connection of its own; the answer's line.
    func call(_ method: String, _ params: String = "{}", timeout: Int = 90) async throws -> String {
        let path = harness.socketPath
        return try await BlockingThreads.one {
            let socket = try RawSocket(path: path, timeout: timeout)
            defer { socket.close() }
            try socket.send(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"# + "\n")
            guard let line = try socket.readLine() else { throw HarnessError("\(method): the connection closed without an answer") }
            return line
        }
    }

    /// `method`'s result, decoded as the daemon encodes it.
    /// - Throws: `HarnessError` with the daemon's error answer.
    func result<Result: Decodable>(_ type: Result.Type, _ method: String, _ params: String = "{}") async throws -> Result {
        let line = try await call(method, params)
        guard let answer = try? WireCoding.makeDecoder().decode(Answer<Result>.self, from: Data(line.utf8)), let result = answer.result else {
            throw HarnessError("\(method): not a result: \(line)")
        }
        return result
    }

    private struct Answer<Result: Decodable>: Decodable {
        var result: Result?
    }

    /// `sync.run`: syncs (or joins the sync that runs) and answers when it ends.
    @discardableResult
    func sync(full: Bool = false) async throws -> SyncStatus {
        try await result(SyncStatus.self, "sync.run", #"{"full":\#(full)}"#)
    }

    /// `sync.status`.
    func status() async throws -> SyncStatus {
        try await result(SyncStatus.self, "sync.status")
    }

    /// `feeds.list`: every feed as the daemon has it (with `synced`).
    func feeds() async throws -> [Feed] {
        try await result(RPC.ListFeeds.Result.self, "feeds.list").feeds
    }

    // MARK: - The client

    /// `tidings ARGUMENTS`, which must succeed.
    @discardableResult
    func tidings(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProcessResult {
        let result = try await harness.tidings(arguments)
        #expect(result.status == 0, "tidings \(arguments.joined(separator: " ")): \(result)\n\(log)", sourceLocation: sourceLocation)
        return result
    }

    /// An item as `tidings list --all --json` shows it.
    struct Item: Equatable, CustomStringConvertible {
        var number: Int
        var title: String
        var feed: String
        var read: Bool
        var starred: Bool

        var description: String { "\(number) \(title) [\(feed)]\(read ? " read" : "")\(starred ? " starred" : "")" }
    }

    /// Every item (read ones too), by title.
    func items(_ options: [String] = ["--all"]) async throws -> [String: Item] {
        let result = try await harness.tidings(["list"] + options + ["--json"])
        guard result.status == 0, let document = try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any] else {
            throw HarnessError("tidings list: \(result)")
        }
        var items: [String: Item] = [:]
        for object in document["items"] as? [[String: Any]] ?? [] {
            guard let number = object["number"] as? Int, let title = object["title"] as? String else { continue }
            items[title] = Item(
                number: number, title: title, feed: object["feed"] as? String ?? "", read: object["read"] as? Bool ?? false,
                starred: object["starred"] as? Bool ?? false)
        }
        return items
    }

    /// The item number of the item titled `title`.
    func number(of title: String) async throws -> Int {
        guard let item = try await items()[title] else { throw HarnessError("no item titled '\(title)':\n\(try await items().values)") }
        return item.number
    }

    /// The feed whose URL is `url`.
    func feed(url: String) async throws -> Feed? {
        try await feeds().first { $0.url == url }
    }

    // MARK: - Waiting

    /// The daemon's log, for expectation messages.
    var log: String { "--- tidingsd log\n" + harness.log().suffix(6000) }

    /// Checks `condition` every 100 ms until it holds, at most `timeout` (generous: the whole
    /// suite runs on 2 cores); returns whether it held.
    func eventually(_ timeout: Duration = .seconds(30), _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return try await condition()
    }

    /// Waits until `pending` is `count` (at most 30 s) and returns the status then.
    func pending(_ count: Int) async throws -> SyncStatus {
        var status = try await self.status()
        _ = try await eventually {
            status = try await self.status()
            return status.pending == count
        }
        return status
    }

    /// Waits for the sync the daemon makes by itself after starting, or makes one. A sync that
    /// timed out is made again (twice at most): it is the test's starting point, not what it
    /// checks, and a loaded `make test` (every suite in one process with the fake servers) has
    /// held a fake's answer past a test's short `sync.timeout` (seen once: 10 s).
    func firstSync() async throws -> SyncStatus {
        var status = try await sync()
        for _ in 0..<2 where status.lastError?.contains("timed out") == true {
            status = try await sync()
        }
        #expect(status.lastError == nil && status.lastSync != nil, "the first sync: \(status)\n\(log)")
        return status
    }

    /// Whether the secret shows in `text`, for the expectation that it does not.
    func leaks(in text: String) -> Bool {
        text.contains(secret)
    }
}
