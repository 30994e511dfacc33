import Glibc
import ChildProcess

/// Feeds, drains, times out and reaps one spawned program, and ends what it leaves running in
/// its process group (`SupervisedProcess`).
struct ProcessSupervisor {
    /// One pipe the program writes to, and what was kept of it.
    struct Capture {
        var descriptor: Int32
        let limit: Int
        var captured: [UInt8] = []
        /// More than `limit` bytes came.
        var overflowed = false
    }

    let pid: pid_t
    var stdin: Int32
    let input: [UInt8]
    var output: Capture
    var errors: Capture
    /// Whether output past its limit ends the program.
    let stopsOnOverflow: Bool
    var written = 0
    /// The program has exited; it stays a zombie (unreaped) until its group is empty, so that
    /// the group's number cannot pass to another group meanwhile.
    var exited = false
    var terminatedAt: ContinuousClock.Instant?
    var killed = false
    var timedOut = false
    var endedLeftovers = false

    init(pid: pid_t, stdin: Int32, input: [UInt8], output: Capture, errors: Capture, stopsOnOverflow: Bool) {
        self.pid = pid
        self.stdin = stdin
        self.input = input
        self.output = output
        self.errors = errors
        self.stopsOnOverflow = stopsOnOverflow
    }

    mutating func run(timeout: Duration, stop: ProcessStop) -> SupervisedProcess.Outcome {
        let deadline = ContinuousClock.now + timeout
        let grace = SupervisedProcess.killGrace
        while true {
            let now = ContinuousClock.now
            if !exited, hasExited() {
                exited = true
                closeStdin()
            }
            if exited {
                // The processes the program left in its group end with it, as at a timeout.
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
            } else if terminatedAt == nil, stopsOnOverflow, output.overflowed {
                terminate(at: now)
            }
            if let terminatedAt, !killed, now >= terminatedAt + grace {
                kill(-pid, SIGKILL)
                killed = true
            }
            waitForPipes(milliseconds: 50)
        }
        let status = reap()
        // Take what the pipes hold now, but do not wait for processes that left the group
        // (`setsid`) and still hold them.
        Self.drain(&output)
        Self.drain(&errors)
        closeStdin()
        for descriptor in [output.descriptor, errors.descriptor] where descriptor >= 0 { close(descriptor) }
        let ending: SupervisedProcess.Ending = switch (timedOut, stopsOnOverflow && output.overflowed, WaitStatus(status)) {
        case (true, _, _): .timedOut
        case (false, true, _): .outputTooLarge
        case (false, false, .exited(let code)): .exited(code)
        case (false, false, .signalled(let signal)): .signalled(signal)
        }
        return SupervisedProcess.Outcome(ending: ending, output: output.captured, endedLeftovers: endedLeftovers)
    }

    /// SIGTERM to the whole group; SIGKILL follows after `killGrace` if it has not ended.
    private mutating func terminate(at now: ContinuousClock.Instant) {
        kill(-pid, SIGTERM)
        terminatedAt = now
        closeStdin()
    }

    /// Whether the program has exited, without reaping it (`WNOWAIT`). One that cannot be
    /// waited for (reaped elsewhere) counts as exited.
    private func hasExited() -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        if result < 0 { return errno != EINTR }
        return info.si_signo == SIGCHLD
    }

    /// Reaps the exited program: its wait status (0 when it was reaped elsewhere).
    private func reap() -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        return raw
    }

    /// Waits up to `milliseconds` for the pipes, writing input and reading output as they allow.
    private mutating func waitForPipes(milliseconds: Int32) {
        var descriptors = [pollfd]()
        if stdin >= 0 { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
        if output.descriptor >= 0 { descriptors.append(pollfd(fd: output.descriptor, events: Int16(POLLIN), revents: 0)) }
        if errors.descriptor >= 0 { descriptors.append(pollfd(fd: errors.descriptor, events: Int16(POLLIN), revents: 0)) }
        guard !descriptors.isEmpty else {
            usleep(UInt32(milliseconds) * 1000)
            return
        }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return }
        for descriptor in descriptors where descriptor.revents != 0 {
            switch descriptor.fd {
            case stdin: feed()
            case output.descriptor: Self.drain(&output)
            default: Self.drain(&errors)
            }
        }
    }

    private mutating func feed() {
        let count = input.withUnsafeBytes { bytes in
            write(stdin, bytes.baseAddress! + written, min(bytes.count - written, 64 * 1024))
        }
        if count > 0 { written += count }
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        // All written (end of input), or the program closed its stdin (EPIPE): either way, done.
        if count < 0 || written == input.count { closeStdin() }
    }

    /// Reads what a pipe holds, at most 256 KiB a call: a process that writes without pause
    /// cannot keep the supervisor from its deadlines.
    private static func drain(_ capture: inout Capture) {
        guard capture.descriptor >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var reads = 0
        while reads < 4 {
            let count = buffer.withUnsafeMutableBytes { read(capture.descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                let room = max(0, capture.limit - capture.captured.count)
                capture.captured += buffer[..<min(count, room)]
                if count > room { capture.overflowed = true }
                reads += 1
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 || errno != EAGAIN {
                close(capture.descriptor)
                capture.descriptor = -1
            }
            return
        }
    }

    private mutating func closeStdin() {
        if stdin >= 0 { close(stdin) }
        stdin = -1
    }
}
