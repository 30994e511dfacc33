import Glibc
import Foundation
import Testing

/// Under systemd, stderr is the journal (`JOURNAL_STREAM` names it): each line then starts with
/// its syslog priority and carries no timestamp of its own.
@Suite(.timeLimit(.minutes(3)))
struct JournalLoggingTests {
    @Test func linesCarryJournalPrioritiesWhenStderrIsTheJournal() async throws {
        let directory = try ReloadTests.temporaryDirectory("journal")
        defer { try? FileManager.default.removeItem(at: directory) }
        let logPath = directory.appendingPathComponent("journal").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        var info = stat()
        #expect(stat(logPath, &info) == 0)
        let socketPath = directory.appendingPathComponent("s.sock").path
        let config = directory.appendingPathComponent("config.yaml").path
        try "refresh_interval: 10m\n".write(toFile: config, atomically: true, encoding: .utf8)

        let daemon = Process()
        daemon.executableURL = Binaries.daemon
        daemon.arguments = [
            "run", "--config", config, "--socket", socketPath,
            "--database", directory.appendingPathComponent("db.sqlite").path, "--log-level", "debug",
        ]
        var environment = DaemonHarness.baseEnvironment(home: directory.path)
        environment["JOURNAL_STREAM"] = "\(info.st_dev):\(info.st_ino)"
        daemon.environment = environment
        daemon.standardError = FileHandle(forWritingAtPath: logPath)
        try daemon.run()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socketPath) {
            try await Task.sleep(for: .milliseconds(25))
        }
        // A broken config on reload: an error line.
        try "refresh_interval: soon\n".write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.processIdentifier, SIGHUP)
        // Stopped once the reload's error is in the log (a deadline, not a wait, bounds it).
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline,
              !((try? String(contentsOfFile: logPath, encoding: .utf8))?.contains("configuration not reloaded") ?? false) {
            try await Task.sleep(for: .milliseconds(25))
        }
        kill(daemon.processIdentifier, SIGTERM)
        await ProcessResult.waitForExit(daemon)
        #expect(daemon.terminationStatus == 0)

        let lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.range(of: #"^<[0-7]>"#, options: .regularExpression) != nil, "\(line)")
            #expect(line.range(of: #"^<\d>\d{4}-\d\d-\d\d"#, options: .regularExpression) == nil, "no timestamp: \(line)")
        }
        #expect(lines.contains { $0.hasPrefix("<6>listening on \(socketPath)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("<7>") }, "debug lines at priority 7")
        #expect(lines.contains { $0.hasPrefix("<3>configuration not reloaded") }, "\(lines)")
    }
}
