import FeedIPC
import Foundation
import Testing
@testable import FeedClient

/// When the client asks the launcher to start the daemon (only when nothing listens: ENOENT or
/// ECONNREFUSED), what it does afterwards, and how each outcome reads to the user.
@Suite(.timeLimit(.minutes(3)))
struct UnixSocketDaemonClientAutostartTests {
    /// A client on `socketPath` with autostart through `launcher`, a policy without files (an
    /// empty home, no system unit directories) unless `policy` is given, and its notes.
    final class Fixture {
        let launcher = DaemonLauncherSpy()
        var notes: [String] = []
        let home = AutostartPolicyTests.Home()

        func client(_ socketPath: String, policy: AutostartPolicy? = nil) -> UnixSocketDaemonClient {
            let autostart = DaemonAutostart(
                policy: policy ?? home.policy(), launcher: launcher, announce: { [unowned self] in notes.append($0) })
            return UnixSocketDaemonClient(socketPath: socketPath, autostart: autostart)
        }
    }

    static let answers: @Sendable (String, String) -> [String]? = { method, id in
        method == "hello"
            ? [UnixSocketDaemonClientTests.helloAnswer(id)]
            : [#"{"jsonrpc":"2.0","id":\#(id),"result":{"feeds":[]}}"#]
    }

    @Test func aMissingSocketStartsTheDaemonAndTheRequestIsSentToIt() async throws {
        let server = try CannedSocketServer(answer: Self.answers)
        defer { server.stop() }
        let path = CannedSocketServer.temporaryPath()
        defer { unlink(path) }
        let test = Fixture()
        // "Starting" the daemon puts a socket where the client looks: a link to the server's.
        test.launcher.onLaunch = { socket in
            #expect(symlink(server.path, socket) == 0)
        }
        let client = test.client(path)

        #expect(try await client.call(RPC.ListFeeds.self, .init()).feeds.isEmpty)
        #expect(test.launcher.launchedSockets == [path])
        #expect(test.notes == ["tidings: started tidingsd (log: /state/tidings/tidingsd.log)\n"])
        #expect(server.methods == ["hello", "feeds.list"])
        // Connected: later requests use the connection, nothing is started again.
        #expect(try await client.call(RPC.ListFeeds.self, .init()).feeds.isEmpty)
        #expect(test.launcher.launchedSockets == [path])
    }

    @Test func aStaleSocketAlsoStartsTheDaemon() async throws {
        let path = CannedSocketServer.temporaryPath()
        try CannedSocketServer.listen(at: path, listening: false)
        defer { unlink(path) }
        let test = Fixture()
        test.launcher.outcome = .alreadyRunning
        // The launcher reports a daemon, yet the socket still refuses: the one retry fails
        // with the connection's own error, and no note is written (nothing was started here).
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .refused)) {
            try await test.client(path).hello()
        }
        #expect(test.launcher.launchedSockets == [path])
        #expect(test.notes.isEmpty)
    }

    @Test func otherConnectFailuresNeverStartADaemon() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-notadir-\(UUID().uuidString.prefix(8))").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        defer { unlink(file) }
        let test = Fixture()
        // ENOTDIR, and a path too long for a socket address: starting a daemon cures neither.
        for path in [file + "/tidingsd.sock", "/tmp/" + String(repeating: "x", count: 200) + ".sock"] {
            await #expect {
                try await test.client(path).hello()
            } throws: { error in
                guard case DaemonClientError.unreachable(_, .other) = error else { return false }
                return true
            }
        }
        #expect(test.launcher.launchedSockets.isEmpty)
    }

    @Test func anOptOutReportsTheDaemonUnreachableWithoutStartingIt() async throws {
        let path = CannedSocketServer.temporaryPath()
        let test = Fixture()
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .noSocket)) {
            try await test.client(path, policy: test.home.policy(flag: true)).call(RPC.ListFeeds.self, .init())
        }
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .noSocket)) {
            try await test.client(path, policy: test.home.policy(extra: ["TIDINGS_NO_AUTOSTART": "1"])).hello()
        }
        #expect(test.launcher.launchedSockets.isEmpty)
        // Without autostart at all, as before.
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .noSocket)) {
            try await UnixSocketDaemonClient(socketPath: path).hello()
        }
    }

    @Test func anInstalledUnitLeavesTheStartToSystemd() async throws {
        let path = CannedSocketServer.temporaryPath()
        let test = Fixture()
        try test.home.write("[Service]\n", to: "config/systemd/user/tidingsd.service")
        try test.home.write("", to: "run/systemd/private")
        let unit = test.home.path + "/config/systemd/user/tidingsd.service"
        await #expect(throws: DaemonClientError.managedBySystemd(socketPath: path, reason: .noSocket, unitPath: unit)) {
            try await test.client(path).hello()
        }
        #expect(test.launcher.launchedSockets.isEmpty)
        let failure = CommandFailure(DaemonClientError.managedBySystemd(socketPath: path, reason: .noSocket, unitPath: unit))
        #expect(failure.message == "the daemon is not running (no socket at \(path)); start it with: systemctl --user start tidingsd")
        #expect(failure.status == .daemonUnreachable)
    }

    @Test func anOptOutWhereSystemdCanStartTheDaemonNamesSystemctl() async throws {
        let path = CannedSocketServer.temporaryPath()
        let test = Fixture()
        try test.home.write("[Service]\n", to: "data/systemd/user/tidingsd.service")
        let unit = test.home.path + "/data/systemd/user/tidingsd.service"
        // Without a user manager, systemctl could not start it: the hint is tidingsd run &.
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .noSocket)) {
            try await test.client(path, policy: test.home.policy(flag: true)).hello()
        }
        try test.home.write("", to: "run/systemd/private")
        await #expect(throws: DaemonClientError.managedBySystemd(socketPath: path, reason: .noSocket, unitPath: unit)) {
            try await test.client(path, policy: test.home.policy(flag: true)).hello()
        }
        // A failure starting cannot cure names systemctl too.
        let tooLong = "/tmp/" + String(repeating: "x", count: 200) + ".sock"
        await #expect {
            try await test.client(tooLong).hello()
        } throws: { error in
            guard case DaemonClientError.managedBySystemd(_, .other, unit) = error else { return false }
            return true
        }
        #expect(test.launcher.launchedSockets.isEmpty)
    }

    @Test func aFailedStartSaysWhyAndIsTriedOncePerClient() async throws {
        let path = CannedSocketServer.temporaryPath()
        let test = Fixture()
        test.launcher.error = .exitedEarly(
            status: "exited with status 1", logPath: "/s/tidingsd.log", logTail: ["tidingsd: bad configuration", "x"])
        let client = test.client(path)
        let failed = DaemonClientError.autostartFailed(
            socketPath: path,
            reason: "tidingsd exited with status 1 before listening; the end of /s/tidingsd.log: tidingsd: bad configuration | x")
        await #expect(throws: failed) { try await client.hello() }
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .noSocket)) { try await client.hello() }
        #expect(test.launcher.launchedSockets == [path])
        #expect(test.notes.isEmpty)

        let failure = CommandFailure(failed)
        #expect(failure.status == .daemonUnreachable)
        #expect(failure.message.hasPrefix("the daemon is not running (no answer on \(path)) and could not be started: tidingsd exited"))
        #expect(!failure.message.contains("\n"))
    }
}
