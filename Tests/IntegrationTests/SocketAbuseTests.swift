import Glibc
import Foundation
import Synchronization
import Testing
import TestSupport

/// The real daemon under hostile and broken clients: every bad request gets the right JSON-RPC
/// error, and well-behaved clients are served meanwhile without a single error.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SocketAbuseTests {
    @Test func wellBehavedClientsAreServedWhileOthersMisbehave() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/rss.xml", .ok(try EndToEndTests.fixture("rss2.xml")))
        // A short write timeout, so the client that never reads is closed during the test.
        let daemon = try await DaemonHarness(config: "client_write_timeout: 2s")
        #expect(try await daemon.tidings(["subscribe", server.url("/rss.xml")]).status == 0)
        let path = daemon.socketPath

        // 200 idle connections, held open for the whole test.
        let idle = try (0..<200).map { _ in try RawSocket(path: path) }
        defer { idle.forEach { $0.close() } }
        // A client that sends requests and never reads: its answers pile up until the daemon
        // gives up on it; nobody else waits for it.
        let nonReader = try RawSocket(path: path)
        defer { nonReader.close() }
        let stuffing = String(repeating: #"{"jsonrpc":"2.0","id":1,"method":"items.list","params":{"unreadOnly":false}}"# + "\n", count: 4000)
        // On a thread of its own: the send blocks once the daemon stops reading, and fails
        // when the daemon closes the connection.
        let stuffed = Task { try? await BlockingThreads.one { try nonReader.send(stuffing) } }

        let abuse = Task { try await BlockingThreads.one { try Self.misbehave(path: path) } }
        let requests = 200
        let outcomes = await BlockingThreads.run(20) { client -> [Duration] in
            let socket = try RawSocket(path: path)
            defer { socket.close() }
            var latencies = [Duration]()
            let clock = ContinuousClock()
            for request in 0..<requests {
                let id = client * 1000 + request
                let started = clock.now
                let answer = try socket.request(#"{"jsonrpc":"2.0","id":\#(id),"method":"items.list","params":{"unreadOnly":false,"limit":10}}"#)
                latencies.append(clock.now - started)
                guard answer["id"] as? Int == id, let items = (answer["result"] as? [String: Any])?["items"] as? [Any], items.count == 3 else {
                    throw HarnessError("client \(client), request \(request): unexpected answer \(answer)")
                }
            }
            return latencies
        }
        let errors = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        let latencies = outcomes.compactMap { try? $0.get() }.flatMap { $0 }.sorted()
        #expect(latencies.count == 20 * requests)
        if !latencies.isEmpty {
            let p50 = latencies[latencies.count / 2], p99 = latencies[latencies.count * 99 / 100]
            print("socket abuse: 20 clients × \(requests) requests, p50 \(p50.milliseconds) ms, p99 \(p99.milliseconds) ms, max \(latencies.last!.milliseconds) ms")
        }
        try await abuse.value

        // The client that never read was closed once its writes stalled.
        #expect(await daemon.waitForLog("closing a client connection: the client did not read its answer for 2.0 seconds", timeout: .seconds(10)), "\(daemon.log().suffix(2000))")
        // (Wakes the blocked send if the daemon did not close the connection.)
        shutdown(nonReader.fileDescriptor, Int32(SHUT_RDWR))
        await stuffed.value
        #expect(daemon.isRunning)
        #expect(try await daemon.tidings(["status"]).status == 0)
        #expect(await daemon.stop() == 0)
    }

    /// Each kind of bad input on its own connection, answered with the right error; the
    /// connection stays usable afterwards.
    static func misbehave(path: String) throws {
        func expectError(_ socket: RawSocket, _ code: Int, _ context: String) throws {
            guard let line = try socket.readLine(),
                let answer = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let error = answer["error"] as? [String: Any], error["code"] as? Int == code
            else { throw HarnessError("\(context): expected error \(code)") }
        }
        func expectStillServing(_ socket: RawSocket, _ context: String) throws {
            let answer = try socket.request(#"{"jsonrpc":"2.0","id":"after","method":"feeds.list"}"#)
            guard answer["id"] as? String == "after", answer["result"] != nil else {
                throw HarnessError("\(context): the connection stopped serving: \(answer)")
            }
        }
        // Garbage bytes (not UTF-8, control characters) on one line.
        let garbage = try RawSocket(path: path)
        defer { garbage.close() }
        var bytes = [UInt8](repeating: 0, count: 4096)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
        try garbage.send(bytes: bytes.filter { $0 != 0x0A } + [0x0A])
        try expectError(garbage, -32700, "garbage")
        try expectStillServing(garbage, "garbage")

        // A 10 MiB line: refused without being buffered, then the connection goes on.
        let huge = try RawSocket(path: path)
        defer { huge.close() }
        try huge.send(#"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"client":""# + String(repeating: "x", count: 10 << 20) + "\"}}\n")
        try expectError(huge, -32600, "10 MiB line")
        try expectStillServing(huge, "10 MiB line")

        let invalid = try RawSocket(path: path)
        defer { invalid.close() }
        for (line, code) in [
            (#"{"jsonrpc":"1.0","id":1,"method":"hello"}"#, -32600),
            (#"[]"#, -32600),
            (#"{"id":1}"#, -32600),
            (#"{"jsonrpc":"2.0","id":1,"method":"no.such.method"}"#, -32601),
            (#"{"jsonrpc":"2.0","id":1,"method":"items.list","params":{"limit":"ten"}}"#, -32602),
            (#"{"jsonrpc":"2.0","id":1,"method":"items.get","params":{"number":"one"}}"#, -32602),
            (#"{"jsonrpc":"2.0","id":1,"method":"items.get","params":[1]}"#, -32602),
            (#"{"jsonrpc":"2.0","id":1,"method":"items.get","params":{"number":999999}}"#, -32004),
            // A search longer than 1 KiB is refused before the index is asked.
            (#"{"jsonrpc":"2.0","id":1,"method":"items.search","params":{"query":"\#(String(repeating: "a ", count: 600))"}}"#, -32602),
            (#"{"jsonrpc":"2.0","id":1,"method":"items.list","params":{"search":"\#(String(repeating: "a ", count: 600))"}}"#, -32602),
            (#"{"jsonrpc":"2.0","id":1,"#, -32700),
        ] {
            try invalid.send(line + "\n")
            try expectError(invalid, code, line)
        }
        try expectStillServing(invalid, "invalid requests")
    }

    @Test func clientsBeyondTheLimitAreRefusedAndIdleOnesTimedOut() async throws {
        let daemon = try await DaemonHarness(config: "max_clients: 5\nclient_idle_timeout: 1s")
        let path = daemon.socketPath
        // The harness's start-up probe counts until the daemon has seen it leave.
        try await Task.sleep(for: .milliseconds(200))
        // A watcher is busy, not idle: it outlives the idle timeout.
        let watcher = try RawSocket(path: path)
        defer { watcher.close() }
        try watcher.send(#"{"jsonrpc":"2.0","id":2,"method":"watch"}"# + "\n")
        let held = try (0..<4).map { _ in try RawSocket(path: path) }
        defer { held.forEach { $0.close() } }
        // Each is served (the limit counts connections, not requests).
        for socket in held { _ = try socket.request(#"{"jsonrpc":"2.0","id":1,"method":"feeds.list"}"#) }
        let extra = try RawSocket(path: path)
        defer { extra.close() }
        let refusal = try await BlockingThreads.one { try extra.readLine() }
        #expect(refusal?.contains("\"code\":-32008") == true, "\(refusal ?? "closed")")
        #expect(try await BlockingThreads.one { try extra.readLine() } == nil, "closed after the refusal")

        // The idle ones are closed after a second.
        try await Task.sleep(for: .seconds(3))
        for socket in held {
            #expect(try await BlockingThreads.one { try socket.readLine() } == nil, "idle connection closed")
        }
        #expect(await daemon.waitForLog("closing a client connection: idle for 1.0 seconds"), "\(daemon.log())")
        // Room again: a new client is served.
        let later = try RawSocket(path: path)
        defer { later.close() }
        #expect(try later.request(#"{"jsonrpc":"2.0","id":3,"method":"feeds.list"}"#)["result"] != nil)
        // The watcher is still connected: stopping the daemon answers its watch.
        #expect(await daemon.stop() == 0)
        let end = try await BlockingThreads.one { try watcher.readLine() }
        #expect(end?.contains("\"id\":2") == true, "\(end ?? "closed")")
    }

    @Test func anotherUserIsRefused() async throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped: needs root and setpriv to connect as another user")
            return
        }
        let daemon = try await DaemonHarness()
        let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", Binaries.client.path]
        var environment = DaemonHarness.baseEnvironment(home: "/nonexistent")
        environment["TIDINGS_SOCKET"] = daemon.socketPath
        environment["TIDINGS_NO_AUTOSTART"] = "1"
        // The file modes keep other users out: the socket is 0600 in a 0700 directory.
        let blocked = try await ProcessResult.run(URL(fileURLWithPath: nobody[0]), Array(nobody.dropFirst()) + ["status"], environment: environment)
        #expect(blocked.status != 0, "\(blocked)")
        #expect(blocked.err.lowercased().contains("permission denied"), "\(blocked)")
        // Even with the modes opened up (a mistake, or a socket moved to a shared directory),
        // the daemon checks who connects (SO_PEERCRED) and refuses.
        chmod((daemon.socketPath as NSString).deletingLastPathComponent, 0o755)
        chmod(daemon.socketPath, 0o666)
        // The client refuses a daemon of another user by itself (SO_PEERCRED on its side too).
        let refused = try await ProcessResult.run(URL(fileURLWithPath: nobody[0]), Array(nobody.dropFirst()) + ["status"], environment: environment)
        #expect(refused.status == 3, "\(refused)")
        #expect(refused.err.contains("refusing to talk to the process on \(daemon.socketPath): it runs as another user (uid 0)"), "\(refused)")
        // A client that does not check (a raw connection as nobody) hears the daemon's refusal
        // as soon as it connects.
        let raw = try await OtherUser.run([
            "/usr/bin/perl", "-MIO::Socket::UNIX", "-e",
            "my $s = IO::Socket::UNIX->new(Peer => $ARGV[0]) or die $!; print scalar <$s>",
            daemon.socketPath,
        ])
        #expect(raw.out.contains("Forbidden: this daemon serves only the user with uid 0"), "\(raw)")
        #expect(await daemon.waitForLog("refused a client of uid 65534"), "\(daemon.log())")
        // Its own user is still served.
        #expect(try await daemon.tidings(["status"]).status == 0)
        #expect(await daemon.stop() == 0)
    }
}

extension Duration {
    /// Whole and fractional milliseconds, for printed figures.
    var milliseconds: String {
        String(format: "%.2f", Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15)
    }
}
