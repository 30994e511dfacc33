@testable import FeedDaemon
import TestSupport
import Foundation
import Testing

struct ProcessHookRunnerTests {
    let recorder = LogRecorder()
    var runner: ProcessHookRunner {
        ProcessHookRunner(environment: ["PATH": "/usr/bin:/bin", "NOTIFY_SOCKET": "/run/x"], logger: recorder.logger)
    }

    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tidings-hook-\(UUID().uuidString)").path
    }

    @Test func writesItsInputToAHookThatSavesIt() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = Array(#"{"items":[{"title":"$(touch /tmp/x) '; rm -rf ~ #"}]}"#.utf8) + [10]
        let result = await runner.run(HookCommand(arguments: ["/bin/cp", "/dev/stdin", path], name: "copy"), input: input)
        #expect(result.ending == .exited(0))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(input))
        #expect(recorder.lines.contains { $0.hasPrefix("info: hook copy finished in") })
    }

    @Test func feedsLargeInputsAndCapturesOutputByName() async {
        let input = Array(repeating: UInt8(ascii: "a"), count: 300_000) + [10]
        let result = await runner.run(HookCommand(arguments: ["wc", "-c"], name: "count"), input: input)
        #expect(result.ending == .exited(0))
        #expect(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "300001")
        #expect(recorder.lines.contains("info: hook count: 300001"))
    }

    @Test func aHookThatIgnoresItsInputEndsNormally() async {
        // More than a pipe holds: the write fails with EPIPE (SIGPIPE blocked), not forever.
        let input = Array(repeating: UInt8(ascii: "x"), count: 1 << 20)
        let result = await runner.run(HookCommand(arguments: ["/bin/true"], timeout: 5, name: "ignores"), input: input)
        #expect(result.ending == .exited(0))
    }

    @Test func reportsAFailingHookWithItsOutput() async {
        let result = await runner.run(
            HookCommand(arguments: ["/bin/sh", "-c", "echo broken >&2; exit 3"], name: "fails"), input: Array("{}".utf8))
        #expect(result.ending == .exited(3))
        #expect(recorder.lines.contains("warning: hook fails: broken"))
        #expect(recorder.lines.contains("warning: hook fails failed: exited with status 3"))
    }

    /// (No timing threshold: a hook that were not killed would sleep ten minutes and run into
    /// the time limit.)
    @Test(.timeLimit(.minutes(3))) func killsAHookThatHangsAtItsTimeout() async {
        let result = await runner.run(HookCommand(arguments: ["/bin/sleep", "600"], timeout: 1, name: "hangs"), input: [])
        #expect(result.ending == .timedOut)
        #expect(recorder.lines.contains("warning: hook hangs timed out after 1 s: killed"))
    }

    @Test(.timeLimit(.minutes(3))) func killsAHookThatIgnoresSIGTERMAfterTheGrace() async {
        let result = await runner.run(
            HookCommand(arguments: ["/bin/sh", "-c", "trap '' TERM; sleep 600 & wait; sleep 600"], timeout: 1, name: "stubborn"), input: [])
        #expect(result.ending == .timedOut)
    }

    /// Runs the hook `sh -c SCRIPT`, in which `$PIDFILE` names a file to write a pid to.
    /// - Returns: how it ended and the pid written.
    private func run(shell script: String, name: String) async throws -> (result: HookResult, pid: pid_t) {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = await runner.run(
            HookCommand(arguments: ["/bin/sh", "-c", "PIDFILE=\(path); " + script], name: name), input: [])
        let text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return (result, try #require(pid_t(text), "\(text)"))
    }

    /// Whether `pid` still runs: a zombie waiting for init to reap it does not.
    private func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(end, offsetBy: 2)] != "Z"
    }

    @Test(.timeLimit(.minutes(3))) func endsWhatAHookLeavesRunningInItsGroupWhenItExits() async throws {
        // The background child keeps the output pipe open too: the run must not wait for it.
        let (result, child) = try await run(shell: "sleep 300 & echo $! > $PIDFILE; echo started; exit 0", name: "forks")
        #expect(result.ending == .exited(0) && result.endedLeftovers)
        #expect(String(decoding: result.output, as: UTF8.self) == "started\n")
        #expect(!isRunning(child), "the hook's background child outlived it")
        #expect(recorder.lines.contains("info: hook forks left processes running in its process group: ended them"))
        #expect(recorder.lines.contains { $0.hasPrefix("info: hook forks finished in") })
    }

    @Test(.timeLimit(.minutes(3))) func killsALeftoverThatIgnoresSIGTERMAfterTheGrace() async throws {
        let (result, child) = try await run(shell: "trap '' TERM; sleep 300 & echo $! > $PIDFILE; exit 0", name: "stubborn child")
        #expect(result.ending == .exited(0) && result.endedLeftovers)
        #expect(!isRunning(child))
    }

    /// A process the hook detached (`setsid`) survives, and the run does not wait for the output
    /// pipe it holds (a run that waited would meet the time limit). The hook exits once the
    /// process is in its own session (it writes its number from there): exiting before, on a
    /// busy machine, would leave it in the hook's group, whose leftovers are ended.
    @Test(.timeLimit(.minutes(3))) func leavesADetachedProcessAloneWithoutWaitingForIt() async throws {
        let (result, detached) = try await run(
            shell: "setsid sh -c 'echo $$ > \"$1\"; exec sleep 300' sh \"$PIDFILE\" & "
                + "while [ ! -s \"$PIDFILE\" ]; do sleep 0.01; done; exit 0",
            name: "detaches")
        defer { kill(detached, SIGKILL) }
        #expect(result.ending == .exited(0) && !result.endedLeftovers)
        #expect(isRunning(detached))
    }

    /// A detached process that writes without pause cannot keep the run going either.
    @Test(.timeLimit(.minutes(3))) func aDetachedProcessFloodingTheOutputDoesNotHoldTheRun() async throws {
        let (result, flooding) = try await run(shell: "setsid yes & echo $! > $PIDFILE; sleep 1; exit 0", name: "floods")
        kill(flooding, SIGKILL)  // it dies of SIGPIPE anyway once the pipe is closed
        #expect(result.ending == .exited(0))
        #expect(result.output.count == ProcessHookRunner.outputLimit)
    }

    @Test func reportsAProgramThatIsNotThere() async {
        let result = await runner.run(HookCommand(arguments: ["no-such-hook-program"], name: "missing"), input: [])
        #expect(result.ending == .cannotStart("no-such-hook-program: not found or not executable"))
        #expect(recorder.lines.contains { $0.hasPrefix("warning: hook missing cannot start") })
    }

    @Test func keepsTheDaemonsOwnVariablesAndDescriptorsFromTheHook() async {
        let descriptor = open("/dev/null", O_RDONLY)  // no O_CLOEXEC: must still not reach the hook
        defer { close(descriptor) }
        let result = await runner.run(
            HookCommand(arguments: ["/bin/sh", "-c", "echo ${NOTIFY_SOCKET:-unset}; ls /proc/self/fd"], name: "env"), input: [])
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "unset")
        // 0, 1, 2 and the descriptor `ls` opens for the directory.
        #expect(lines.dropFirst().count <= 4)
    }

    @Test func findsProgramsOnThePath() {
        #expect(ProcessHookRunner.resolve("sh", path: "/nonexistent:/bin") == "/bin/sh")
        #expect(ProcessHookRunner.resolve("sh", path: "relative:/nonexistent") == nil)
        #expect(ProcessHookRunner.resolve("/bin/sh", path: nil) == "/bin/sh")
    }

    @Test func makesControlCharactersInOutputVisible() {
        #expect(ProcessHookRunner.lines(Array("a\u{1B}[31mb\n\nc\r\n".utf8)) == ["a?[31mb", "c"])
    }
}
