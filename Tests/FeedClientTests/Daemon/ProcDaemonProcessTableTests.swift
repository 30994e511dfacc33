import Foundation
import Testing
@testable import FeedClient

/// `/proc` played by a folder: one entry per process, as the kernel writes `comm` and `stat`.
struct ProcDaemonProcessTableTests {
    static let cases: [(comm: String, state: String, running: Bool)] = [
        ("tidingsd", "S", true), ("tidingsd", "R", true), ("tidingsd", "T", true),
        ("tidingsd", "Z", false), ("tidingsd", "X", false), ("systemd", "S", false),
    ]

    @Test func caseListIsNotEmpty() { #expect(!Self.cases.isEmpty) }

    @Test func readsTheNameAndTheStateAfterTheLastParenthesis() throws {
        let proc = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: proc) }
        for (index, entry) in Self.cases.enumerated() {
            let folder = proc.appendingPathComponent("\(index + 100)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "\(entry.comm)\n".write(to: folder.appendingPathComponent("comm"), atomically: true, encoding: .utf8)
            // A name with a parenthesis and a space in it must not move the state.
            try "\(index + 100) (\(entry.comm) ) X) \(entry.state) 1 1 1 0 -1".write(
                to: folder.appendingPathComponent("stat"), atomically: true, encoding: .utf8)
        }
        let table = ProcDaemonProcessTable(proc: proc.path)
        for (index, entry) in Self.cases.enumerated() {
            #expect(table.isRunning(Int32(index + 100)) == entry.running, "\(entry)")
        }
        #expect(!table.isRunning(99), "a process gone")
        #expect(!table.isRunning(0))
    }

    @Test func doesNotCountThisTestProcessInTheRealProc() {
        // The test binary is not a tidingsd, so the real table does not count it as one.
        #expect(!ProcDaemonProcessTable().isRunning(getpid()))
    }
}
