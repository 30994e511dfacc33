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

/// How a hook ended: what `SupervisedProcess` reports for any program. A hook's output past
/// `ProcessHookRunner.outputLimit` is dropped, never `.outputTooLarge`.
public typealias HookResult = SupervisedProcess.Outcome
