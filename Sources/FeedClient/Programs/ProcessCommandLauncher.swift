import Glibc
import ChildProcess
import Dispatch

/// `CommandLauncher` with `ChildProcess`: the program's path resolved here (a name through
/// `PATH`, `~/` through `HOME`), the process's environment passed on.
public struct ProcessCommandLauncher: CommandLauncher {
    private let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// What a captured program may say; the rest is read and dropped.
    static let capturedBytes = 64 * 1024

    public func runOnTerminal(_ arguments: [String], input: String) throws(CommandLaunchError) -> WaitStatus {
        let program = try resolved(arguments)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotStart(program: arguments[0], reason: String(cString: strerror(errno))) }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        // A program that stops reading early (`head`) closes the pipe: the writer gets EPIPE
        // instead of the signal. The child starts with the default disposition again.
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGPIPE, previousPipe)
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        let spawned = ChildProcess.spawn(
            [program] + arguments.dropFirst(), environment: environmentStrings, input: .descriptor(ends[0]), output: 1, error: 2,
            group: .callerProcessGroup)
        close(ends[0])
        guard case .success(let pid) = spawned else {
            close(ends[1])
            if case .failure(let error) = spawned { throw .cannotStart(program: arguments[0], reason: error.description) }
            throw .cannotStart(program: arguments[0], reason: "unknown")
        }
        // Written on a thread of its own: the program may read nothing until it has shown a
        // screenful (a pager), and a text longer than the pipe holds would block this one.
        let written = DispatchSemaphore(value: 0)
        let writer = ends[1]
        DispatchQueue.global().async {
            DescriptorOutput.writeAll(input, to: writer)
            close(writer)
            written.signal()
        }
        let status = Self.wait(for: pid)
        written.wait()
        return status
    }

    public func runCapturing(_ arguments: [String]) throws(CommandLaunchError) -> (status: WaitStatus, output: String) {
        let program = try resolved(arguments)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotStart(program: arguments[0], reason: String(cString: strerror(errno))) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let spawned = ChildProcess.spawn(
            [program] + arguments.dropFirst(), environment: environmentStrings, input: .nullDevice, output: ends[1],
            group: .newProcessGroup)
        close(ends[1])
        defer { close(ends[0]) }
        guard case .success(let pid) = spawned else {
            if case .failure(let error) = spawned { throw .cannotStart(program: arguments[0], reason: error.description) }
            throw .cannotStart(program: arguments[0], reason: "unknown")
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            if output.count < Self.capturedBytes { output += chunk[..<min(count, Self.capturedBytes - output.count)] }
        }
        return (Self.wait(for: pid), String(decoding: output, as: UTF8.self))
    }

    /// The absolute path of `arguments[0]`.
    private func resolved(_ arguments: [String]) throws(CommandLaunchError) -> String {
        guard let name = arguments.first, !name.isEmpty else { throw .notFound(program: "") }
        if let path = ProgramPath.resolve(name, environment: environment) { return path }
        throw .notFound(program: name)
    }

    private var environmentStrings: [String] {
        environment.map { "\($0.key)=\($0.value)" }
    }

    private static func wait(for pid: pid_t) -> WaitStatus {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return WaitStatus(status)
    }
}
