#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import Synchronization

/// Runs hooks as child processes: spawned with an argv (no shell), the input on a pipe to
/// stdin, stdout and stderr captured and logged line by line under the hook's name.
///
/// Each hook is watched on a thread of its own (polling `waitid` and the pipes), never on the
/// cooperative pool. The child starts with default signal dispositions, an empty signal mask,
/// no descriptors but 0–2, in a process group of its own, so that a timeout can end the hook
/// and whatever it started: SIGTERM to the group, SIGKILL 2 s later. When the hook exits by
/// itself, what it left running in its group is ended the same way, and processes that left
/// the group (`setsid`) and still hold its output pipe are not waited for.
public struct ProcessHookRunner: HookRunner {
    /// Bytes of output kept per run; the rest is counted and dropped.
    public static let outputLimit = 64 * 1024
    /// Time between SIGTERM and SIGKILL.
    static let killGrace: Duration = .seconds(2)
    /// Variables addressed to the daemon's own process.
    static let daemonOnly: Set<String> = [
        "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID",
    ]

    private let environment: [String: String]
    private let logger: Logger

    /// - Parameter environment: the hooks' environment (less what systemd meant for the
    ///   daemon alone: its notify socket, passed sockets, watchdog); its `PATH` finds programs
    ///   given by name.
    public init(environment: [String: String], logger: Logger) {
        self.environment = environment.filter { !Self.daemonOnly.contains($0.key) }
        self.logger = logger
    }

    public func run(_ hook: HookCommand, input: [UInt8]) async -> HookResult {
        let started = ContinuousClock.now
        let result: HookResult
        if let first = hook.arguments.first, let program = Self.resolve(first, path: environment["PATH"]) {
            let stop = HookStop()
            let arguments = [program] + hook.arguments.dropFirst()
            let environment = environment.map { "\($0.key)=\($0.value)" }
            result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<HookResult, Never>) in
                    let thread = Thread {
                        continuation.resume(returning: Self.supervise(
                            arguments: arguments, environment: environment, input: input,
                            timeout: .seconds(hook.timeout), stop: stop))
                    }
                    thread.name = "tidings-hook"
                    thread.stackSize = 512 << 10
                    thread.start()
                }
            } onCancel: {
                stop.request()
            }
        } else {
            result = HookResult(ending: .cannotStart("\(hook.arguments.first ?? ""): not found or not executable"))
        }
        log(result, of: hook, after: ContinuousClock.now - started)
        return result
    }

    /// `program` itself when it is a path, else the first executable of that name on `path`.
    static func resolve(_ program: String, path: String?) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: true)
        for directory in directories where directory.hasPrefix("/") {
            let candidate = directory + "/" + program
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
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
        case .timedOut:
            logger.warning("hook \(hook.name) timed out after \(hook.timeout) s: killed", metadata: metadata)
        case .cannotStart(let reason):
            logger.warning("hook \(hook.name) cannot start: \(reason)", metadata: metadata)
        }
    }

    /// The output's non-empty lines, with control characters (escape sequences) made visible
    /// as `?` so that a hook cannot garble the log.
    static func lines(_ output: [UInt8]) -> [String] {
        String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.map { scalar in
                scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) ? "?" : scalar
            }))
        }.filter { !$0.allSatisfy(\.isWhitespace) }
    }
}

/// A request to end a running hook early (the daemon is stopping).
final class HookStop: Sendable {
    private let requested = Atomic<Bool>(false)

    func request() { requested.store(true, ordering: .releasing) }

    var isRequested: Bool { requested.load(ordering: .acquiring) }
}
