import Synchronization

/// The cancellation of a task that handed its write to another to run (`writeGrouped`): rule
/// matching, which gives up when its task is cancelled (`RuleDeadline`), looks here too, since
/// it runs on the writer's task rather than the caller's.
final class CallerCancellation: Sendable {
    /// The caller whose write the current task is running, if it runs one.
    @TaskLocal static var current: CallerCancellation?

    private let cancelled = Atomic(false)

    /// Whether the caller was cancelled.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Whether the current task, or the caller whose write it runs, was cancelled.
    static var isCurrentTaskCancelled: Bool {
        Task.isCancelled || current?.isCancelled == true
    }
}
