import Glibc
import ChildProcess

/// The POSIX side of `SupervisedProcess`: spawning, feeding, reading, killing, reaping. Runs
/// on the run's own thread and blocks it (in `poll`), never a cooperative-pool thread.
extension SupervisedProcess {
    /// Spawns `arguments` and supervises it to its end.
    /// - Returns: the outcome, and the stderr bytes kept when stderr is logged.
    static func supervise(
        arguments: [String], environment: [String], input: [UInt8], directory: String?, limits: Limits, stop: ProcessStop
    ) -> (Outcome, [UInt8]) {
        // A program that exits without reading its stdin makes the write fail with EPIPE; the
        // SIGPIPE that comes with it is blocked on this thread (and dropped when it ends).
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)

        var pipes: [[Int32]] = []
        let wanted = if case .logged = limits.errorOutput { 3 } else { 2 }
        for _ in 0..<wanted {
            var ends: [Int32] = [-1, -1]
            guard makePipe(&ends) else {
                let reason = describe(errno)
                for opened in pipes { opened.forEach { close($0) } }
                return (Outcome(ending: .cannotStart(reason)), [])
            }
            pipes.append(ends)
        }
        let stdinPipe = pipes[0], outputPipe = pipes[1], errorPipe = pipes.count > 2 ? pipes[2] : nil
        let nullDevice = limits.errorOutput == .discarded ? open("/dev/null", O_WRONLY | O_CLOEXEC) : -1
        let errorTarget: Int32? = switch limits.errorOutput {
        case .merged: nil
        case .logged: errorPipe?[1]
        case .discarded: nullDevice >= 0 ? nullDevice : nil
        }
        let spawned = ChildProcess.spawn(
            arguments, environment: environment, input: .descriptor(stdinPipe[0]), output: outputPipe[1],
            error: errorTarget, directory: directory, group: .newProcessGroup)
        close(stdinPipe[0])
        close(outputPipe[1])
        if let errorPipe { close(errorPipe[1]) }
        if nullDevice >= 0 { close(nullDevice) }
        let pid: pid_t
        switch spawned {
        case .success(let spawnedPID):
            pid = spawnedPID
        case .failure(let error):
            close(stdinPipe[1])
            close(outputPipe[0])
            if let errorPipe { close(errorPipe[0]) }
            return (Outcome(ending: .cannotStart("\(arguments[0]): \(describe(error.code))")), [])
        }
        for descriptor in [stdinPipe[1], outputPipe[0], errorPipe?[0] ?? -1] where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        var supervisor = ProcessSupervisor(
            pid: pid, stdin: input.isEmpty ? -1 : stdinPipe[1], input: input,
            output: .init(descriptor: outputPipe[0], limit: limits.outputLimit),
            errors: .init(descriptor: errorPipe?[0] ?? -1, limit: errorLimit),
            stopsOnOverflow: limits.overflow == .stop)
        if input.isEmpty { close(stdinPipe[1]) }
        let outcome = supervisor.run(timeout: limits.timeout, stop: stop)
        return (outcome, supervisor.errors.captured)
    }

    /// A pipe whose ends close on exec (`pipe2` is not exported to Swift; the spawn closes every
    /// other descriptor anyway, so the moment between `pipe` and `fcntl` leaks nothing).
    private static func makePipe(_ descriptors: inout [Int32]) -> Bool {
        guard pipe(&descriptors) == 0 else { return false }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
