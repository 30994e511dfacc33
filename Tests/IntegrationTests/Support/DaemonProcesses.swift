#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Daemons this test process did not start itself (the client's autostart did), found through
/// `/proc`, so a test can stop what it caused.
enum DaemonProcesses {
    /// The pids of live `tidingsd` processes whose command line names `socketPath` (a daemon the
    /// client started for a non-default socket gets `--socket PATH`). Zombies are not counted.
    static func pids(usingSocket socketPath: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), isAlive(pid) else { return false }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.first?.hasSuffix("tidingsd") == true && arguments.contains(socketPath)
        }.sorted()
    }

    /// Whether `pid` exists and is not a zombie (a re-parented daemon is reaped by whoever
    /// adopted it, maybe never in a container).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state != "Z" && state != "X"
    }

    /// Sends `signal` to `pid` and waits up to `timeout` for it to end.
    /// - Returns: whether it ended.
    @discardableResult
    static func stop(_ pid: Int32, signal: Int32 = SIGTERM, timeout: Duration = .seconds(5)) async -> Bool {
        kill(pid, signal)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if !isAlive(pid) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !isAlive(pid)
    }

    /// SIGKILL for every daemon on `socketPath`: the last resort of a test's cleanup.
    static func killAll(usingSocket socketPath: String) {
        for pid in pids(usingSocket: socketPath) { kill(pid, SIGKILL) }
    }
}
