/// Runs one hook program to its end.
public protocol HookRunner: Sendable {
    /// Runs `hook` with `input` on its stdin until it exits, or until its timeout ends it, and
    /// logs its output and how it ended under its name. What the hook started in its process
    /// group ends with it (SIGTERM, then SIGKILL after a grace): a hook that wants to leave
    /// something running detaches it itself (`setsid`).
    ///
    /// Never throws: a program that cannot start, fails or hangs is a result, so a hook can
    /// never fail the refresh that triggered it. Runs off the cooperative thread pool; safe to
    /// call concurrently. Cancelling the calling task ends the hook as its timeout would.
    /// - Returns: how the hook ended and what it wrote (stdout and stderr, bounded).
    func run(_ hook: HookCommand, input: [UInt8]) async -> HookResult
}

/// How a hook ended.
public struct HookResult: Sendable, Equatable {
    public enum Ending: Sendable, Equatable {
        /// Exited by itself with this status.
        case exited(Int32)
        /// Killed by this signal, not by the daemon.
        case signalled(Int32)
        /// Still running at its timeout (or at shutdown): its process group was terminated.
        case timedOut
        /// Could not be started (not found, not executable).
        case cannotStart(String)
    }

    public var ending: Ending
    /// Its stdout and stderr, interleaved, at most `ProcessHookRunner.outputLimit` bytes.
    public var output: [UInt8]
    /// Whether processes it left running in its process group when it exited were ended.
    public var endedLeftovers: Bool

    public init(ending: Ending, output: [UInt8] = [], endedLeftovers: Bool = false) {
        self.ending = ending
        self.output = output
        self.endedLeftovers = endedLeftovers
    }

    /// Whether it exited with status 0.
    public var succeeded: Bool { ending == .exited(0) }
}
