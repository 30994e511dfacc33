@testable import FeedDaemon
import TestSupport
import Foundation
import Testing

struct SupervisedProcessTests {
    let recorder = LogRecorder()
    var process: SupervisedProcess {
        SupervisedProcess(environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "NOTIFY_SOCKET": "/run/x"], logger: recorder.logger)
    }

    private func limits(
        timeout: Duration = .seconds(30), outputLimit: Int = 1 << 20, overflow: SupervisedProcess.Overflow = .stop,
        errors: SupervisedProcess.ErrorOutput = .logged(label: "test", level: .info)
    ) -> SupervisedProcess.Limits {
        .init(timeout: timeout, outputLimit: outputLimit, overflow: overflow, errorOutput: errors)
    }

    @Test func capturesStdoutAndLogsStderrApart() async {
        let outcome = await process.run(
            ["/bin/sh", "-c", "cat; echo oops >&2; printf '\\033[31mred\\n' >&2"], input: Array("feed".utf8), limits: limits())
        #expect(outcome.ending == .exited(0))
        #expect(String(decoding: outcome.output, as: UTF8.self) == "feed")
        #expect(recorder.lines == ["info: test: oops", "info: test: ?[31mred"])
    }

    @Test func startsInTheDirectoryGiven() async {
        let outcome = await process.run(["pwd"], limits: limits(), directory: "/usr")
        #expect(String(decoding: outcome.output, as: UTF8.self) == "/usr\n")
        let missing = await process.run(["pwd"], limits: limits(), directory: "/nonexistent-\(UUID())")
        guard case .cannotStart = missing.ending else {
            Issue.record("started in a missing directory: \(missing)")
            return
        }
    }

    /// (No timing threshold: a program that were not stopped would print for minutes.)
    @Test(.timeLimit(.minutes(3))) func stopsAProgramThatPrintsTooMuch() async {
        let outcome = await process.run(["yes"], limits: limits(outputLimit: 100_000))
        #expect(outcome.ending == .outputTooLarge)
        #expect(outcome.output.count == 100_000)
    }

    @Test(.timeLimit(.minutes(3))) func dropsWhatIsTooMuchWhenAskedTo() async {
        let outcome = await process.run(
            ["/bin/sh", "-c", "head -c 300000 /dev/zero"], limits: limits(outputLimit: 1000, overflow: .drop))
        #expect(outcome.ending == .exited(0))
        #expect(outcome.output.count == 1000)
    }

    @Test(.timeLimit(.minutes(3))) func endsTheGroupAtTheTimeout() async {
        let outcome = await process.run(["/bin/sh", "-c", "sleep 600 & sleep 600"], limits: limits(timeout: .seconds(1)))
        #expect(outcome.ending == .timedOut)
    }

    @Test(.timeLimit(.minutes(3))) func cancellingTheCallerEndsTheProgram() async {
        let process = self.process
        let task = Task { await process.run(["/bin/sleep", "600"], limits: limits()) }
        try? await Task.sleep(for: .milliseconds(200))
        task.cancel()
        #expect(await task.value.ending == .timedOut)
    }

    @Test func discardsStderrWhenAskedTo() async {
        let outcome = await process.run(["/bin/sh", "-c", "echo secret >&2; echo out"], limits: limits(errors: .discarded))
        #expect(String(decoding: outcome.output, as: UTF8.self) == "out\n")
        #expect(recorder.lines.isEmpty)
    }

    @Test func keepsTheDaemonsOwnVariablesFromThePrograms() async {
        let outcome = await process.run(["/bin/sh", "-c", "echo ${NOTIFY_SOCKET:-unset} $HOME"], limits: limits())
        #expect(String(decoding: outcome.output, as: UTF8.self) == "unset /tmp\n")
        #expect(process.homeDirectory == "/tmp")
    }

    @Test func reportsAProgramThatIsNotThere() async {
        let outcome = await process.run(["no-such-program-\(UUID())"], limits: limits())
        guard case .cannotStart(let reason) = outcome.ending else {
            Issue.record("started: \(outcome)")
            return
        }
        #expect(reason.hasSuffix("not found or not executable"))
    }
}
