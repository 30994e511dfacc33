import Glibc
import ChildProcess
import Synchronization
import Testing

struct ChildProcessTests {
    /// Runs `arguments` to its end with output on a pipe; returns the output and the wait status.
    func run(_ arguments: [String], environment: [String] = [], group: ChildProcess.Group) throws -> (String, Int32, pid_t, pid_t) {
        var pipeEnds: [Int32] = [-1, -1]
        #expect(pipe(&pipeEnds) == 0)
        // Close-on-exec, so that a child another test starts meanwhile cannot hold the write end
        // open (the read below would wait for it).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid = try ChildProcess.spawn(arguments, environment: environment, input: .nullDevice, output: pipeEnds[1], group: group).get()
        close(pipeEnds[1])
        // Asked before the child can have exited and been reaped: it has not been waited for yet.
        let processGroup = getpgid(pid), session = getsid(pid)
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[..<count]
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (String(decoding: output, as: UTF8.self), status, processGroup, session)
    }

    @Test func anArgvWithNoShellOnlyTheGivenEnvironmentAndItsOwnGroup() throws {
        let (output, status, processGroup, session) = try run(
            ["/usr/bin/env"], environment: ["ONLY=this", "TITLE=$(touch /tmp/x) '; rm -rf ~ #"], group: .newProcessGroup)
        #expect(status == 0)
        #expect(output == "ONLY=this\nTITLE=$(touch /tmp/x) '; rm -rf ~ #\n")
        #expect(processGroup != getpgrp())
        #expect(session == getsid(0), "a process group, not a session")
    }

    @Test func aNewSessionAndNothingInheritedButTheStandardDescriptors() throws {
        // A descriptor this process leaks (no O_CLOEXEC) must not reach the child.
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let (output, status, _, session) = try run(["/bin/ls", "/proc/self/fd"], group: .newSession)
        #expect(status == 0)
        #expect(!output.split(separator: "\n").contains(Substring(String(leaked))), "\(output)")
        #expect(session != getsid(0))
    }

    /// The daemon's other threads open descriptors at any moment, some without O_CLOEXEC: one
    /// opened while a child is being spawned must not reach it either.
    @Test func aDescriptorAnotherThreadOpensMeanwhileDoesNotReachTheChild() async throws {
        let stop = Mutex(false)
        let opener = Task.detached {
            while !stop.withLock({ $0 }) {
                let descriptor = open("/dev/null", O_RDONLY)
                close(descriptor)
            }
        }
        defer {
            stop.withLock { $0 = true }
        }
        for _ in 0..<40 {
            let (output, status, _, _) = try run(["/bin/ls", "/proc/self/fd"], group: .newProcessGroup)
            #expect(status == 0)
            // 0, 1, 2 and the descriptor `ls` opens for the directory.
            #expect(output.split(separator: "\n").count <= 4, "\(output)")
        }
        stop.withLock { $0 = true }
        await opener.value
    }

    @Test func aMissingProgramIsAnError() {
        let result = ChildProcess.spawn(["/nonexistent/program"], environment: [], input: .nullDevice, output: 1, group: .newProcessGroup)
        #expect(throws: SpawnError(code: ENOENT)) { try result.get() }
    }
}
