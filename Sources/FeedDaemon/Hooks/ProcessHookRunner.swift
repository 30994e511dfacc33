import Logging

/// Runs hooks as child processes through `SupervisedProcess`: an argv (no shell), the input on
/// stdin, stdout and stderr captured together and logged line by line under the hook's name.
///
/// At its timeout the hook's process group gets SIGTERM, SIGKILL 2 s later; what the hook
/// leaves running in its group when it exits is ended the same way (see `SupervisedProcess`).
public struct ProcessHookRunner: HookRunner {
    /// Bytes of output kept per run; the rest is counted and dropped.
    public static let outputLimit = 64 * 1024

    private let process: SupervisedProcess
    private let logger: Logger

    /// - Parameter environment: the hooks' environment (less what systemd meant for the
    ///   daemon alone: its notify socket, passed sockets, watchdog); its `PATH` finds programs
    ///   given by name.
    public init(environment: [String: String], logger: Logger) {
        self.process = SupervisedProcess(environment: environment, logger: logger)
        self.logger = logger
    }

    public func run(_ hook: HookCommand, input: [UInt8]) async -> HookResult {
        let started = ContinuousClock.now
        let result = await process.run(
            hook.arguments, input: input,
            limits: .init(timeout: .seconds(hook.timeout), outputLimit: Self.outputLimit, overflow: .drop, errorOutput: .merged))
        log(result, of: hook, after: ContinuousClock.now - started)
        return result
    }

    /// `program` itself when it is a path, else the first executable of that name on `path`.
    static func resolve(_ program: String, path: String?) -> String? {
        SupervisedProcess.resolve(program, path: path)
    }

    // MARK: - Logging

    private func log(_ result: HookResult, of hook: HookCommand, after duration: Duration) {
        let level: Logger.Level = result.succeeded ? .info : .warning
        let metadata: Logger.Metadata = ["hook": "\(hook.name)"]
        for line in Self.lines(result.output) {
            logger.log(level: level, "hook \(hook.name): \(line)", metadata: metadata)
        }
        if result.output.count >= Self.outputLimit {
            logger.log(level: level, "hook \(hook.name): output cut at \(Self.outputLimit / 1024) KiB", metadata: metadata)
        }
        if result.endedLeftovers {
            logger.info("hook \(hook.name) left processes running in its process group: ended them", metadata: metadata)
        }
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        switch result.ending {
        case .exited(0):
            logger.info("hook \(hook.name) finished in \(milliseconds) ms", metadata: metadata)
        case .exited(let status):
            logger.warning("hook \(hook.name) failed: exited with status \(status)", metadata: metadata)
        case .signalled(let signal):
            logger.warning("hook \(hook.name) failed: killed by signal \(signal)", metadata: metadata)
        case .timedOut, .outputTooLarge:
            logger.warning("hook \(hook.name) timed out after \(hook.timeout) s: killed", metadata: metadata)
        case .cannotStart(let reason):
            logger.warning("hook \(hook.name) cannot start: \(reason)", metadata: metadata)
        }
    }

    /// The output's non-empty lines, with control characters (escape sequences) made visible
    /// as `?` so that a hook cannot garble the log.
    static func lines(_ output: [UInt8]) -> [String] {
        SupervisedProcess.lines(output)
    }
}
