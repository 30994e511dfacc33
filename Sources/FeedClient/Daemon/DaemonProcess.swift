#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The tidingsd process behind a socket, as `/proc` shows it: named in the message of a client
/// that got no answer, with whether it is stopped.
struct DaemonProcess: Equatable {
    let pid: Int32
    /// The kernel shows it stopped by a signal (`T`) or a tracer (`t`).
    let isStopped: Bool
    /// It has ended and waits to be reaped by its parent (`Z`, a zombie) or is being (`X`).
    let hasEnded: Bool

    /// The process `pid` when it is a tidingsd; `nil` for another program (systemd holding a
    /// socket it activates the daemon on), a process gone, or no pid.
    init?(pid: Int32, proc: String = "/proc") {
        guard pid > 0,
              let name = try? String(contentsOfFile: "\(proc)/\(pid)/comm", encoding: .utf8),
              name.split(separator: "\n").first == "tidingsd",
              let stat = try? String(contentsOfFile: "\(proc)/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")")
        else { return nil }
        // `pid (comm) S …`: the state follows the last parenthesis, whatever the name holds.
        let state = stat[stat.index(after: end)...].first { $0 != " " }
        self.pid = pid
        self.isStopped = state == "T" || state == "t"
        self.hasEnded = state == "Z" || state == "X"
    }
}
