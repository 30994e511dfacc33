import Glibc
import Foundation
import Testing

/// SIGHUP (`systemctl --user reload tidingsd`): the real daemon reads its config again, keeps
/// its clients, and keeps the old configuration when the new one is broken.
@Suite(.timeLimit(.minutes(3)))
struct ReloadTests {
    @Test func aChangedConfigTakesEffectWithoutDroppingClients() async throws {
        let directory = try Self.temporaryDirectory("reload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let notify = try NotifySocket(directory: directory)
        let daemon = try await DaemonHarness(
            config: "log_level: info\n" + Self.rule("first"), environment: ["NOTIFY_SOCKET": notify.path], logLevel: nil)
        _ = try await notify.messages(until: "READY=1")
        let client = try RawSocket(path: daemon.socketPath)
        defer { client.close() }
        #expect(try Self.ruleNames(client) == ["first"])
        #expect(!daemon.log().contains(" debug "), "info level: no debug lines yet")

        try daemon.writeConfig("log_level: debug\nrefresh_interval: 10m\nconcurrency: 4\n" + Self.rule("second"))
        daemon.signal(SIGHUP)
        let messages = try await notify.messages(until: "READY=1")
        #expect(messages.contains { $0.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") }, "\(messages)")
        #expect(await daemon.waitForLog(
            "configuration reloaded: refresh_interval 1800 → 600, concurrency 16 → 4, log_level info → debug, rules: 1 rule"),
            "\(daemon.log())")
        // The connection opened before the reload still works and sees the new value.
        #expect(try Self.ruleNames(client) == ["second"])
        // The new log level applies to loggers that existed before the reload.
        // (A refused request is logged at debug level.)
        _ = try client.request(#"{"jsonrpc":"2.0","id":9,"method":"items.get","params":{"number":999999}}"#)
        #expect(await daemon.waitForLog("debug tidingsd: items.get refused"), "\(daemon.log())")
        #expect(daemon.isRunning)
        #expect(await daemon.stop() == 0)
    }

    @Test func aBrokenConfigKeepsTheCurrentOne() async throws {
        let daemon = try await DaemonHarness(config: Self.rule("first"), logLevel: nil)
        let client = try RawSocket(path: daemon.socketPath)
        defer { client.close() }
        for (index, broken) in ["refresh_intervl: 10m", "concurrency: [1, 2", "refresh_interval: 5s", "log_level: loud"].enumerated() {
            try daemon.writeConfig(broken + "\n" + Self.rule("second"))
            daemon.signal(SIGHUP)
            // Each refusal is logged in the same words: wait for this one, not the first again
            // (a SIGHUP sent before the last was handled could be merged with it).
            #expect(await daemon.waitForLog(
                "configuration not reloaded, keeping the current one: \(daemon.configPath)", occurrences: index + 1), "\(daemon.log())")
            #expect(try Self.ruleNames(client) == ["first"], "after \(broken)")
        }
        #expect(daemon.log().contains("'refresh_intervl': unknown key (did you mean 'refresh_interval'?)"), "\(daemon.log())")
        #expect(daemon.log().contains("'refresh_interval': must be at least 60 s, got 5 s"), "\(daemon.log())")
        // A good config after the broken ones is taken.
        try daemon.writeConfig(Self.rule("second"))
        daemon.signal(SIGHUP)
        #expect(await daemon.waitForLog("configuration reloaded: rules: 1 rule"), "\(daemon.log())")
        #expect(try Self.ruleNames(client) == ["second"])
        #expect(await daemon.stop() == 0)
    }

    /// `tidings reload` goes the way of SIGHUP: a good file is applied and summarised, a bad
    /// one refused with its file, line and key (exit 1) while the daemon keeps its rules.
    @Test func tidingsReloadAppliesTheFileOrSaysWhereItIsWrong() async throws {
        let daemon = try await DaemonHarness(config: Self.rule("first"), logLevel: nil)
        let client = try RawSocket(path: daemon.socketPath)
        defer { client.close() }

        try daemon.writeConfig("refresh_interval: 10m\non_new_items:\n  - [/bin/true]\n" + Self.rule("second"))
        let reloaded = try await daemon.tidings(["reload"])
        #expect(reloaded.status == 0, "\(reloaded)")
        #expect(reloaded.out == "Reloaded \(daemon.configPath): 1 rule, 1 hook, refresh every 10 min "
            + "(changed: refresh_interval 1800 → 600, on_new_items [] → [/bin/true], rules: 1 rule)\n", "\(reloaded)")
        #expect(try Self.ruleNames(client) == ["second"])
        #expect(await daemon.waitForLog("configuration reloaded: refresh_interval 1800 → 600"), "\(daemon.log())")

        let unchanged = try await daemon.tidings(["reload"])
        #expect(unchanged.status == 0 && unchanged.out.hasSuffix("(nothing changed)\n"), "\(unchanged)")

        try daemon.writeConfig("# tuned\nnotify: false\nconcurrency: 0\n" + Self.rule("third"))
        let refused = try await daemon.tidings(["reload"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.out.isEmpty)
        #expect(refused.err == "tidings: configuration not reloaded, the daemon keeps its current one: "
            + "\(daemon.configPath) line 3: 'concurrency': must be between 1 and 256, got 0\n", "\(refused)")
        #expect(try Self.ruleNames(client) == ["second"])
        #expect(daemon.log().contains("configuration not reloaded, keeping the current one: \(daemon.configPath) line 3:"))

        // A broken rule is named with its line too.
        try daemon.writeConfig("rules:\n  - name: ok\n    title: x\n    actions: [read]\n  - name: bad\n    title: x\n    actions: [delete]\n")
        let badRule = try await daemon.tidings(["reload"])
        #expect(badRule.status == 1 && badRule.err.contains("\(daemon.configPath) line 7: rules[1] 'bad': actions: unknown action 'delete'"),
                "\(badRule)")
        #expect(daemon.isRunning)
        #expect(await daemon.stop() == 0)
    }

    /// `status` names the config file, and a refused reload (by SIGHUP or `tidings reload`)
    /// with when and why, until a reload succeeds.
    @Test func statusShowsARefusedReloadUntilOneSucceeds() async throws {
        let daemon = try await DaemonHarness(config: Self.rule("first"), logLevel: nil)
        var status = try await Self.status(daemon)
        #expect(status["configPath"] as? String == daemon.configPath)
        #expect(status["reloadFailure"] is NSNull, "\(status)")

        try daemon.writeConfig("refresh_intervl: 10m\n")
        daemon.signal(SIGHUP)
        #expect(await daemon.waitForLog("configuration not reloaded"), "\(daemon.log())")
        status = try await Self.status(daemon)
        let failure = try #require(status["reloadFailure"] as? [String: Any], "\(status)")
        #expect(failure["error"] as? String
            == "\(daemon.configPath) line 1: 'refresh_intervl': unknown key (did you mean 'refresh_interval'?)")
        #expect((failure["at"] as? String)?.hasSuffix("Z") == true)
        let table = try await daemon.tidings(["status"])
        #expect(table.status == 0 && table.out.contains("configPath\t\(daemon.configPath)\n"), "\(table)")
        #expect(table.out.contains(#""error":"\#(daemon.configPath) line 1: 'refresh_intervl': unknown key"#), "\(table)")

        // The daemon keeps answering and keeps its rules; a good file clears the failure.
        try daemon.writeConfig(Self.rule("second"))
        #expect(try await daemon.tidings(["reload"]).status == 0)
        status = try await Self.status(daemon)
        #expect(status["reloadFailure"] is NSNull, "\(status)")
        #expect(await daemon.stop() == 0)
    }

    /// `tidings status --json`, checked against its schema.
    static func status(_ daemon: DaemonHarness) async throws -> [String: Any] {
        let result = try await daemon.tidings(["status", "--json"])
        #expect(result.status == 0, "\(result)")
        let problems = try JSONSchemaValidator(schema: "status.json").problems(in: result.stdout)
        #expect(problems.isEmpty, "\(problems)\n\(result.out)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    /// A pass of the scheduler that found no feed due is logged at debug level, in the right
    /// number: the log of an idle daemon is not a line a minute.
    @Test func anIdlePassIsLoggedAtDebugLevel() async throws {
        let daemon = try await DaemonHarness(logLevel: "debug")
        #expect(await daemon.waitForLog("debug tidingsd: refreshed 0 feeds: 0 new items, 0 errors in "), "\(daemon.log())")
        #expect(!daemon.log().contains("info tidingsd: refreshed 0 feeds"), "\(daemon.log())")
        #expect(await daemon.stop() == 0)
    }

    /// How long SIGTERM may take to stop the daemon, seen from the test process, whatever the
    /// daemon is doing. The bound catches a daemon that never stops (SIGTERM ignored behind a
    /// hung reload); how fast it stops is ShutdownTests' business. The margin is for the test
    /// process, whose polling waits behind the rest of the suite on a loaded 2-core machine
    /// (10.2 s seen in a fresh-clone CI run, where the daemon's own log showed it stopping in 4).
    static let stopWithin: Duration = .seconds(30)

    /// 387 bytes whose last key, composed by Yams, is a list of 9^9 scalars that it hashes for
    /// longer than anyone waits: the daemon hung at start, and on SIGHUP, where SIGTERM then no
    /// longer stopped it.
    static let aliasBomb: String = {
        let levels = Array("abcdefghi")
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        for (previous, current) in zip(levels, levels.dropFirst()) {
            lines.append("\(current): &\(current) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        return (lines + ["? *i", ": v"]).joined(separator: "\n")
    }()

    @Test func anAliasBombOnSIGHUPIsRefusedAndTheDaemonKeepsServingAndStops() async throws {
        let daemon = try await DaemonHarness(config: Self.rule("first"), logLevel: nil)
        let client = try RawSocket(path: daemon.socketPath)
        defer { client.close() }
        try daemon.writeConfig(Self.aliasBomb)
        daemon.signal(SIGHUP)
        #expect(await daemon.waitForLog(
            "configuration not reloaded, keeping the current one: \(daemon.configPath) line 1: "
                + "YAML anchors and aliases are not supported in the Tidings config"), "\(daemon.log())")
        #expect(try Self.ruleNames(client) == ["first"])
        let (status, elapsed) = await daemon.terminate()
        #expect(elapsed < Self.stopWithin, "exit took \(elapsed)\n\(daemon.log())")
        #expect(status == 0, "\(daemon.log())")
    }

    @Test func startingWithAnAliasBombFailsAtOnceNamingTheLine() async throws {
        let directory = try Self.temporaryDirectory("bomb")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.yaml").path
        try Self.aliasBomb.write(toFile: config, atomically: true, encoding: .utf8)
        let clock = ContinuousClock()
        let start = clock.now
        // Under `timeout`: the daemon used to hang here, and must not outlive a failed test.
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["--signal=KILL", "120", Binaries.daemon.path, "run", "--config", config,
             "--socket", directory.appendingPathComponent("s.sock").path,
             "--database", directory.appendingPathComponent("db.sqlite").path],
            environment: DaemonHarness.baseEnvironment(home: directory.path))
        let elapsed = clock.now - start
        #expect(result.status == 1, "\(result)")
        #expect(result.err == "tidingsd: bad configuration: \(config) line 1: YAML anchors and aliases are not supported in the Tidings config\n")
        // Generous: it catches a hang; a debug daemon starting while the whole suite runs
        // took 21 s once in a fresh-clone CI run.
        #expect(elapsed < .seconds(60), "took \(elapsed)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("db.sqlite").path))
    }

    /// A reload that cannot finish (the config is now a FIFO nobody writes, so opening it
    /// blocks) is abandoned by SIGTERM: the daemon stops within the bound, exit 0.
    @Test func sigtermDuringAReloadThatNeverEndsStopsTheDaemon() async throws {
        let directory = try Self.temporaryDirectory("stuck-reload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let notify = try NotifySocket(directory: directory)
        let daemon = try await DaemonHarness(
            config: Self.rule("first"), environment: ["NOTIFY_SOCKET": notify.path], logLevel: nil)
        _ = try await notify.messages(until: "READY=1")
        try FileManager.default.removeItem(atPath: daemon.configPath)
        #expect(mkfifo(daemon.configPath, 0o600) == 0)
        daemon.signal(SIGHUP)
        _ = try await notify.messages(until: "RELOADING=1")
        // The daemon still answers while its reload waits.
        let client = try RawSocket(path: daemon.socketPath)
        defer { client.close() }
        #expect(try Self.ruleNames(client) == ["first"])
        let (status, elapsed) = await daemon.terminate()
        #expect(elapsed < Self.stopWithin, "exit took \(elapsed)\n\(daemon.log())")
        #expect(status == 0, "\(daemon.log())")
        #expect(daemon.log().contains("configuration reload abandoned: the daemon is stopping"), "\(daemon.log())")
    }

    /// A config with one rule named `name`: the rules are a reloadable setting a client can see.
    static func rule(_ name: String) -> String {
        "rules:\n  - name: \(name)\n    title: never matches this\n    actions: [read]"
    }

    /// The names of the rules the daemon runs with now (`rules.list`).
    static func ruleNames(_ client: RawSocket) throws -> [String] {
        let answer = try client.request(#"{"jsonrpc":"2.0","id":1,"method":"rules.list","params":{}}"#)
        let rules = (answer["result"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
        return rules.compactMap { $0["name"] as? String }
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
