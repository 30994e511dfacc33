import Glibc
import Foundation

/// Daemons this test process did not start itself (the client's autostart did), found through
/// `/proc`, so a test can stop what it caused.
enum DaemonProcesses {
    /// The pids of live `tidingsd` processes whose command line names `socketPath` (a daemon the
    /// client started for a non-default socket gets `--socket PATH`) or that hold its lock file
    /// open (one started for the default socket gets none). Zombies are not counted.
    static func pids(usingSocket socketPath: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), isAlive(pid) else { return false }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.first?.hasSuffix("tidingsd") == true else { return false }
            if arguments.contains(socketPath) { return true }
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            return descriptors.contains { descriptor in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")) == socketPath + ".lock"
            }
        }.sorted()
    }

    /// `killAll`, then waits up to 5 s for those daemons to be gone.
    static func killAllAndWait(usingSocket socketPath: String) async {
        let pids = pids(usingSocket: socketPath)
        for pid in pids { await stop(pid, signal: SIGKILL) }
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
