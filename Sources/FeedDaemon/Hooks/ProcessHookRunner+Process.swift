#if canImport(Glibc)
import Glibc
#endif
import ChildProcess

/// The POSIX side of `ProcessHookRunner`: spawning, feeding, reading, killing, reaping. Runs
/// on the hook's own thread and blocks it (in `poll`), never a cooperative-pool thread.
extension ProcessHookRunner {
    /// Spawns `arguments` and supervises it to its end.
    static func supervise(
        arguments: [String], environment: [String], input: [UInt8], timeout: Duration, stop: HookStop
    ) -> HookResult {
        // A hook that exits without reading its stdin makes the write fail with EPIPE; the
        // SIGPIPE that comes with it is blocked on this thread (and dropped when it ends).
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)

        var stdinPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        guard makePipe(&stdinPipe) else { return HookResult(ending: .cannotStart(describe(errno))) }
        guard makePipe(&outputPipe) else {
            close(stdinPipe[0])
            close(stdinPipe[1])
            return HookResult(ending: .cannotStart(describe(errno)))
        }
        let spawned = ChildProcess.spawn(
            arguments, environment: environment, input: .descriptor(stdinPipe[0]), output: outputPipe[1],
            group: .newProcessGroup)
        close(stdinPipe[0])
        close(outputPipe[1])
        let pid: pid_t
        switch spawned {
        case .success(let spawnedPID):
            pid = spawnedPID
        case .failure(let error):
            close(stdinPipe[1])
            close(outputPipe[0])
            return HookResult(ending: .cannotStart("\(arguments[0]): \(describe(error.code))"))
        }
        _ = fcntl(stdinPipe[1], F_SETFL, fcntl(stdinPipe[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(outputPipe[0], F_SETFL, fcntl(outputPipe[0], F_GETFL) | O_NONBLOCK)
        var supervisor = Supervisor(pid: pid, stdin: input.isEmpty ? -1 : stdinPipe[1], output: outputPipe[0], input: input)
        if input.isEmpty { close(stdinPipe[1]) }
        return supervisor.run(timeout: timeout, stop: stop)
    }

    /// A pipe whose ends close on exec (`pipe2` is not exported to Swift; the spawn closes every
    /// other descriptor anyway, so the moment between `pipe` and `fcntl` leaks nothing to hooks).
    private static func makePipe(_ descriptors: inout [Int32]) -> Bool {
        guard pipe(&descriptors) == 0 else { return false }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// Feeds, drains, times out and reaps one spawned hook, and ends what it leaves running in its
/// process group.
private struct Supervisor {
    let pid: pid_t
    var stdin: Int32
    var output: Int32
    let input: [UInt8]
    var written = 0
    var captured: [UInt8] = []
    /// The hook has exited; it stays a zombie (unreaped) until its group is empty, so that the
    /// group's number cannot pass to another group meanwhile.
    var exited = false
    var terminatedAt: ContinuousClock.Instant?
    var killed = false
    var timedOut = false
    var endedLeftovers = false

    init(pid: pid_t, stdin: Int32, output: Int32, input: [UInt8]) {
        self.pid = pid
        self.stdin = stdin
        self.output = output
        self.input = input
    }

    mutating func run(timeout: Duration, stop: HookStop) -> HookResult {
        let deadline = ContinuousClock.now + timeout
        let grace = ProcessHookRunner.killGrace
        while true {
            let now = ContinuousClock.now
            if !exited, hasExited() {
                exited = true
                closeStdin()
            }
            if exited {
                // The processes the hook left in its group end with it, as at a timeout.
                let members = ProcessGroup.hasLiveMembers(pid)
                if members != false, terminatedAt == nil {
                    terminate(at: now)
                    endedLeftovers = members == true
                }
                // Not waited for: nothing left, no way to know, or processes that even SIGKILL
                // has not ended within a grace (stuck in the kernel).
                if members != true { break }
                if let terminatedAt, killed, now >= terminatedAt + grace * 2 { break }
            } else if terminatedAt == nil, now >= deadline || stop.isRequested {
                timedOut = true
                terminate(at: now)
            }
            if let terminatedAt, !killed, now >= terminatedAt + grace {
                kill(-pid, SIGKILL)
                killed = true
            }
            waitForPipes(milliseconds: 50)
        }
        let status = reap()
        // Take what the output holds now, but do not wait for processes that left the group
        // (`setsid`) and still hold the pipe.
        drain()
        closeStdin()
        if output >= 0 { close(output) }
        let ending: HookResult.Ending = switch (timedOut, WaitStatus(status)) {
        case (true, _): .timedOut
        case (false, .exited(let code)): .exited(code)
        case (false, .signalled(let signal)): .signalled(signal)
        }
        return HookResult(ending: ending, output: captured, endedLeftovers: endedLeftovers)
    }

    /// SIGTERM to the whole group; SIGKILL follows after `killGrace` if it has not ended.
    private mutating func terminate(at now: ContinuousClock.Instant) {
        kill(-pid, SIGTERM)
        terminatedAt = now
        closeStdin()
    }

    /// Whether the hook has exited, without reaping it (`WNOWAIT`). A hook that cannot be waited
    /// for (reaped elsewhere) counts as exited.
    private func hasExited() -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        if result < 0 { return errno != EINTR }
        return info.si_signo == SIGCHLD
    }

    /// Reaps the exited hook: its wait status (0 when it was reaped elsewhere).
    private func reap() -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        return raw
    }

    /// Waits up to `milliseconds` for the pipes, writing input and reading output as they allow.
    private mutating func waitForPipes(milliseconds: Int32) {
        var descriptors = [pollfd]()
        if stdin >= 0 { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
        if output >= 0 { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
        guard !descriptors.isEmpty else {
            usleep(UInt32(milliseconds) * 1000)
            return
        }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return }
        for descriptor in descriptors where descriptor.revents != 0 {
            if descriptor.fd == stdin { feed() } else { drain() }
        }
    }

    private mutating func feed() {
        let count = input.withUnsafeBytes { bytes in
            write(stdin, bytes.baseAddress! + written, min(bytes.count - written, 64 * 1024))
        }
        if count > 0 { written += count }
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        // All written (end of input), or the hook closed its stdin (EPIPE): either way, done.
        if count < 0 || written == input.count { closeStdin() }
    }

    /// Reads what the output pipe holds, at most 64 KiB a call: a process that writes without
    /// pause cannot keep the supervisor from its deadlines.
    private mutating func drain() {
        guard output >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var reads = 0
        while reads < 4 {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 {
                captured += buffer[..<min(count, max(0, ProcessHookRunner.outputLimit - captured.count))]
                reads += 1
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 || errno != EAGAIN {
                close(output)
                output = -1
            }
            return
        }
    }

    private mutating func closeStdin() {
        if stdin >= 0 { close(stdin) }
        stdin = -1
    }
}
