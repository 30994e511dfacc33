/// Why the client could not start the daemon itself.
public enum DaemonLaunchError: Error, Equatable, Sendable {
    /// No executable `tidingsd` next to `tidings` nor on `PATH`.
    case notFound(searched: [String])
    /// `posix_spawn` failed, or a file the launch needs could not be made.
    case cannotStart(String)
    /// The daemon exited before it listened; `logTail` holds the last lines it logged.
    case exitedEarly(status: String, logPath: String, logTail: [String])
    /// The daemon still runs but did not listen within `seconds`.
    case notListening(pid: Int32, seconds: Int, logPath: String)
}

extension DaemonLaunchError: CustomStringConvertible {
    /// One line (the client's messages are one line each); log lines are joined with ` | `.
    public var description: String {
        switch self {
        case .notFound(let searched):
            let places = searched.isEmpty ? "" : " (looked in \(searched.joined(separator: ", ")))"
            return "tidingsd was not found next to tidings nor on PATH\(places)"
        case .cannotStart(let reason):
            return "cannot start tidingsd: \(reason)"
        case .exitedEarly(let status, let logPath, let logTail):
            guard !logTail.isEmpty else { return "tidingsd \(status) before listening (log: \(logPath) is empty)" }
            return "tidingsd \(status) before listening; the end of \(logPath): " + logTail.joined(separator: " | ")
        case .notListening(let pid, let seconds, let logPath):
            return "tidingsd (pid \(pid)) did not listen within \(seconds) s; it may still be starting (log: \(logPath))"
        }
    }
}
