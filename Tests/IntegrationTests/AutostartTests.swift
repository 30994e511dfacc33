import Glibc
import Foundation
import Testing

/// The client starts `tidingsd` when nothing listens (docs/cli.md, "Autostart"): once, even for
/// clients started together, and never when told not to or when a systemd unit is installed.
/// Each test has its own home and socket, and stops every daemon it caused.
@Suite(.timeLimit(.minutes(2)))
struct AutostartTests {
    /// A temporary home (HOME, XDG_CONFIG_HOME, XDG_DATA_HOME inside it) with a socket in it.
    final class Home: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-auto-\(UUID().uuidString.prefix(8))").path
        var socketPath: String { path + "/run/tidingsd.sock" }
        var logPath: String { path + "/.local/state/tidings/tidingsd.log" }

        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        /// The harness's environment with autostart allowed (the harness turns it off).
        var environment: [String: String] {
            var environment = DaemonHarness.baseEnvironment(home: path)
            environment["TIDINGS_NO_AUTOSTART"] = nil
            environment["TIDINGS_SOCKET"] = socketPath
            return environment
        }

        func tidings(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ProcessResult {
            try await ProcessResult.run(Binaries.client, arguments, environment: environment.merging(extra) { $1 })
        }

        func write(_ text: String, to relative: String) throws {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        var daemons: [Int32] { DaemonProcesses.pids(usingSocket: socketPath) }

        deinit {
            DaemonProcesses.killAll(usingSocket: socketPath)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// A unit installed system-wide would (rightly) stop the client from starting anything.
    static let noSystemUnit = ["/etc/systemd/user", "/usr/local/lib/systemd/user", "/usr/lib/systemd/user"]
        .allSatisfy { !FileManager.default.fileExists(atPath: $0 + "/tidingsd.service") }

    @Test(.enabled(if: noSystemUnit, "a tidingsd.service is installed system-wide"))
    func aMissingDaemonIsStartedOnce() async throws {
        let home = try Home()
        let first = try await home.tidings(["status", "--json"])
        #expect(first.status == 0, "\(first)\n\(home.log)")
        #expect(first.err == "tidings: started tidingsd (log: \(home.logPath))\n", "\(first)")
        #expect(FileManager.default.fileExists(atPath: home.socketPath))
        let daemons = home.daemons
        #expect(daemons.count == 1, "\(daemons)")
        #expect(home.log.contains("listening on \(home.socketPath)"), "\(home.log)")
        // The daemon keeps its data where the client's environment says.
        let status = try JSONSerialization.jsonObject(with: first.stdout) as? [String: Any]
        #expect((status?["databasePath"] as? String)?.hasPrefix(home.path + "/data/") == true, "\(first)")

        let second = try await home.tidings(["status"])
        #expect(second.status == 0 && second.err.isEmpty, "\(second)")
        #expect(home.daemons == daemons)

        // The daemon the client started stops cleanly like any other.
        let pid = try #require(daemons.first)
        #expect(await DaemonProcesses.stop(pid))
        #expect(!FileManager.default.fileExists(atPath: home.socketPath))
    }

    @Test(.enabled(if: noSystemUnit, "a tidingsd.service is installed system-wide"))
    func clientsStartedTogetherStartOneDaemon() async throws {
        let home = try Home()
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for _ in 0..<4 { group.addTask { try await home.tidings(["feeds"]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results)\n\(home.log)")
        #expect(results.filter { $0.err.contains("started tidingsd") }.count == 1, "\(results)")
        let daemons = home.daemons
        #expect(daemons.count == 1, "\(daemons)\n\(home.log)")
        for pid in daemons { #expect(await DaemonProcesses.stop(pid)) }
    }

    @Test func optingOutStartsNothing() async throws {
        let home = try Home()
        try home.write("autostart: false  # I start it myself\n", to: "config/tidings/config.yaml")
        let configured = try await home.tidings(["status"])
        try FileManager.default.removeItem(atPath: home.path + "/config/tidings/config.yaml")
        let flagged = try await home.tidings(["status", "--no-autostart"])
        // A global option before the command, as git reads them.
        let flaggedFirst = try await home.tidings(["--no-autostart", "list", "-a"])
        let environment = try await home.tidings(["list"], environment: ["TIDINGS_NO_AUTOSTART": "1"])
        for result in [configured, flagged, flaggedFirst, environment] {
            #expect(result.status == 3, "\(result)")
            // No unit installed: systemctl could not start it, so the message does not name it.
            #expect(
                result.err == "tidings: the daemon is not running (no socket at \(home.socketPath)); start it with 'tidingsd run &'\n",
                "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.socketPath))
        #expect(home.daemons.isEmpty)
    }

    @Test func anInstalledUnitIsLeftToSystemd() async throws {
        let home = try Home()
        try home.write("[Service]\nExecStart=/bin/false\n", to: "config/systemd/user/tidingsd.service")
        // A user manager runs (its private socket exists; a plain file is enough to be seen).
        try home.write("", to: "runtime/systemd/private")
        let result = try await home.tidings(["status"], environment: ["XDG_RUNTIME_DIR": home.path + "/runtime"])
        #expect(result.status == 3, "\(result)")
        #expect(result.err.contains("start it with: systemctl --user start tidingsd"), "\(result)")
        // Opted out too: still systemd's to start, and the message says how.
        let optedOut = try await home.tidings(
            ["--no-autostart", "status"], environment: ["XDG_RUNTIME_DIR": home.path + "/runtime"])
        #expect(
            optedOut.err == "tidings: the daemon is not running (no socket at \(home.socketPath)); start it with: systemctl --user start tidingsd\n",
            "\(optedOut)")
        #expect(!FileManager.default.fileExists(atPath: home.socketPath))
        #expect(home.daemons.isEmpty)
    }

    @Test func aDaemonThatCannotStartIsExplained() async throws {
        let home = try Home()
        // A config the daemon refuses: it exits at once, and the client quotes its log.
        try home.write("concurency: 4\n", to: "config/tidings/config.yaml")
        let result = try await home.tidings(["feeds"])
        #expect(result.status == 3, "\(result)")
        #expect(result.err.contains("could not be started: tidingsd exited with status 1"), "\(result)")
        #expect(result.err.contains("concurency"), "the log's last lines: \(result)")
        #expect(home.daemons.isEmpty)
    }
}

extension AutostartTests.Home {
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
}
