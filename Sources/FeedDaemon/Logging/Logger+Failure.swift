import Logging

extension Logger {
    /// Logs `error` at `level`, after `context` when given ("retention failed: …"), in words:
    /// its description. The cancellation a stop brings is no failure and is not logged (it would
    /// read `CancellationError()`).
    func failure(_ error: any Error, _ context: String? = nil, level: Logger.Level = .warning) {
        guard !(error is CancellationError) else { return }
        log(level: level, "\(context.map { "\($0): " } ?? "")\(error)")
    }
}
