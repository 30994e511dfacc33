import Dispatch
import Foundation
import TestSupport

/// `fake-sync-server miniflux|greader [--port 0] [--feeds 500] [--entries 20000] [--seed 1]
/// [--token T] [--user U] [--password P]`: a fake sync service with deterministic data for the
/// sync benchmark. Prints `listening on 127.0.0.1:PORT`, then serves until SIGTERM or SIGINT.
///
/// Besides the service's API it answers two control paths, which no real service has:
/// `POST /fake/changes?new=50&read=30&star=20` (another device's activity; answers the counts
/// as JSON) and `GET /fake/state` (what the account holds, as JSON counts).
@main
struct FakeSyncServerCommand {
    struct Options {
        var service = ""
        var port = 0
        var feeds = 500
        var entries = 20_000
        var seed: UInt64 = 1
        var token = "fake-api-key"
        var user = "admin"
        var password = "secret"
    }

    static func main() async {
        do {
            let options = try parse(Array(CommandLine.arguments.dropFirst()))
            try await run(options)
        } catch {
            FileHandle.standardError.write(Data("fake-sync-server: \(error)\n".utf8))
            exit(2)
        }
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        guard let service = rest.popFirst(), ["miniflux", "greader"].contains(service) else {
            throw UsageError(description: "usage: fake-sync-server miniflux|greader [--port N] [--feeds N] [--entries N] [--seed N] [--token T] [--user U] [--password P]")
        }
        options.service = service
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(name) needs a value") }
            let number = { () throws -> Int in
                guard let number = Int(value), number >= 0 else { throw UsageError(description: "\(name): not a number: \(value)") }
                return number
            }
            switch name {
            case "--port": options.port = try number()
            case "--feeds": options.feeds = try number()
            case "--entries": options.entries = try number()
            case "--seed": options.seed = UInt64(try number())
            case "--token": options.token = value
            case "--user": options.user = value
            case "--password": options.password = value
            default: throw UsageError(description: "unknown option \(name)")
            }
        }
        guard options.port == 0 else {
            throw UsageError(description: "--port: only 0 (a free port the system picks) is supported")
        }
        return options
    }

    static func run(_ options: Options) async throws {
        let account = FakeSyncAccount()
        account.populate(feeds: options.feeds, entries: options.entries, seed: options.seed)
        let server: any FakeSyncServer = options.service == "miniflux"
            ? try await FakeMinifluxServer.start(account: account, username: options.user, password: options.password, apiKey: options.token)
            : try await FakeGoogleReaderServer.start(account: account, username: options.user, password: options.password)
        addControlPaths(to: server)
        // Unbuffered, so that a benchmark reading the pipe sees the line at once.
        FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(server.port)\n".utf8))
        await waitForTermination()
        try await server.stop()
    }

    static func addControlPaths(to server: any FakeSyncServer) {
        let account = server.account
        server.front.http.route("/fake/changes") { request in
            guard request.method == "POST" else { return TestHTTPResponse(status: 405) }
            let query = Dictionary(
                (request.query ?? "").split(separator: "&").map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    return (String(parts[0]), parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
                }, uniquingKeysWith: { $1 })
            // simulateChanges varies its picks with the account's next entry id: rounds differ.
            let counts = account.simulateChanges(new: query["new"] ?? 0, read: query["read"] ?? 0, star: query["star"] ?? 0)
            return json(["new": counts.new, "read": counts.read, "starred": counts.starred])
        }
        server.front.http.route("/fake/state") { _ in
            let entries = account.entries
            return json([
                "feeds": account.feeds.count, "categories": account.categories.count, "entries": entries.count,
                "unread": entries.filter { $0.status == .unread }.count, "starred": entries.filter(\.starred).count,
            ])
        }
    }

    static func json(_ counts: [String: Int]) -> TestHTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: counts, options: [.sortedKeys])) ?? Data()
        return TestHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body))
    }

    /// Returns on the first SIGTERM or SIGINT.
    static func waitForTermination() async {
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        for await _ in stream { break }
        sources.forEach { $0.cancel() }
    }
}
