import Glibc
import Foundation
import Logging
import Synchronization

/// Runs a program to its end under the daemon's discipline: hooks, command feeds (`exec:`,
/// `filter:`) and password commands all go through it.
///
/// An argv, never a shell. The child starts with default signal dispositions, an empty signal
/// mask, no descriptors but 0–2, in a process group of its own, with the daemon's environment
/// less what systemd meant for the daemon alone. Its input goes to its stdin on a pipe; its
/// stdout is captured up to a limit; its stderr is either captured with stdout (hooks) or
/// logged line by line under a label. At its timeout, or when the calling task is cancelled,
/// the whole group gets SIGTERM, and SIGKILL after `killGrace`; what it leaves running in its
/// group when it exits by itself is ended the same way, and processes that left the group
/// (`setsid`) and still hold its output pipe are not waited for.
///
/// Each run is watched on a thread of its own (polling `waitid` and the pipes), never on the
/// cooperative pool; runs are independent and may overlap.
public struct SupervisedProcess: Sendable {
    /// How one run is bounded and where its stderr goes.
    public struct Limits: Sendable, Equatable {
        /// How long the program may run.
        public var timeout: Duration
        /// Bytes of stdout kept.
        public var outputLimit: Int
        /// What happens when the program prints more than `outputLimit`.
        public var overflow: Overflow
        public var errorOutput: ErrorOutput

        public init(timeout: Duration, outputLimit: Int, overflow: Overflow, errorOutput: ErrorOutput) {
            self.timeout = timeout
            self.outputLimit = outputLimit
            self.overflow = overflow
            self.errorOutput = errorOutput
        }
    }

    /// What becomes of output past the limit.
    public enum Overflow: Sendable, Equatable {
        /// Counted and dropped; the program runs on (a hook's chatter).
        case drop
        /// The program is ended as at a timeout, and the run ends `.outputTooLarge` (a document
        /// that would not fit anyway).
        case stop
    }

    /// Where the program's stderr goes.
    public enum ErrorOutput: Sendable, Equatable {
        /// Into the captured output, interleaved with stdout.
        case merged
        /// Logged as lines, at most `errorLimit` bytes, each `label: line` at `level`.
        case logged(label: String, level: Logger.Level)
        /// To /dev/null: a program whose every word may be a secret.
        case discarded
    }

    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        /// Exited by itself with this status.
        case exited(Int32)
        /// Killed by this signal, not by the daemon.
        case signalled(Int32)
        /// Still running at its timeout (or when the caller was cancelled): its group was ended.
        case timedOut
        /// Printed more than `outputLimit` with `Overflow.stop`: its group was ended.
        case outputTooLarge
        /// Could not be started (not found, not executable, no such directory).
        case cannotStart(String)
    }

    /// A finished run.
    public struct Outcome: Sendable, Equatable {
        public var ending: Ending
        /// Its stdout (and stderr when merged), at most `outputLimit` bytes.
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

    /// Time between SIGTERM and SIGKILL.
    static let killGrace: Duration = .seconds(2)
    /// Bytes of stderr logged per run when it is logged; the rest is dropped.
    static let errorLimit = 16 * 1024
    /// Variables addressed to the daemon's own process.
    static let daemonOnly: Set<String> = [
        "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID",
    ]

    /// The programs' environment.
    public let environment: [String: String]
    private let logger: Logger

    /// - Parameter environment: the daemon's environment; the programs get it less what
    ///   systemd meant for the daemon alone (its notify socket, passed sockets, watchdog). Its
    ///   `PATH` finds programs given by name, its `HOME` is where `~/` leads.
    public init(environment: [String: String], logger: Logger) {
        self.environment = environment.filter { !Self.daemonOnly.contains($0.key) }
        self.logger = logger
    }

    /// The user's home directory: `HOME`, else the password database's entry for the daemon's
    /// uid; `nil` when neither names an absolute path.
    public var homeDirectory: String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }

    /// Runs `arguments` until it ends.
    ///
    /// Never throws: a program that cannot start, fails, hangs or floods is an `Ending`.
    /// Cancelling the calling task ends the program as its timeout would (`.timedOut`).
    /// - Parameters:
    ///   - arguments: the program (an absolute path, or a name looked up on `PATH`) and its
    ///     arguments; must not be empty.
    ///   - input: written to its stdin, which is then closed; a program that does not read it
    ///     all is not an error.
    ///   - directory: where it starts; `nil` for the daemon's own directory.
    public func run(
        _ arguments: [String], input: [UInt8] = [], limits: Limits, directory: String? = nil
    ) async -> Outcome {
        guard let first = arguments.first, let program = Self.resolve(first, path: environment["PATH"]) else {
            return Outcome(ending: .cannotStart("\(arguments.first ?? ""): not found or not executable"))
        }
        let stop = ProcessStop()
        let argv = [program] + arguments.dropFirst()
        let environment = environment.map { "\($0.key)=\($0.value)" }
        let (outcome, errors) = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<(Outcome, [UInt8]), Never>) in
                let thread = Thread {
                    continuation.resume(returning: Self.supervise(
                        arguments: argv, environment: environment, input: input, directory: directory,
                        limits: limits, stop: stop))
                }
                thread.name = "tidings-process"
                thread.stackSize = 512 << 10
                thread.start()
            }
        } onCancel: {
            stop.request()
        }
        if case .logged(let label, let level) = limits.errorOutput {
            for line in Self.lines(errors) { logger.log(level: level, "\(label): \(line)") }
            if errors.count >= Self.errorLimit {
                logger.log(level: level, "\(label): stderr cut at \(Self.errorLimit / 1024) KiB")
            }
        }
        return outcome
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

    /// The output's non-empty lines, with control characters (escape sequences) made visible
    /// as `?` so that a program cannot garble the log.
    static func lines(_ output: [UInt8]) -> [String] {
        String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.map { scalar in
                scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) ? "?" : scalar
            }))
        }.filter { !$0.allSatisfy(\.isWhitespace) }
    }
}

/// A request to end a running program early (the caller was cancelled: the daemon is stopping).
final class ProcessStop: Sendable {
    private let requested = Atomic<Bool>(false)

    func request() { requested.store(true, ordering: .releasing) }

    var isRequested: Bool { requested.load(ordering: .acquiring) }
}
