import Glibc
import ChildProcess
import Foundation

/// The programs behind `TTRSSServer`: the fixture script and `php -S`. Both are started with
/// ChildProcess, not `Process`: nothing of this process's descriptors (the listening socket on
/// port 80, other tests' pipes) may live on in PostgreSQL, which the script may start and which
/// outlives the tests.
extension TTRSSServer {
    private static let environment = ["PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8"]

    /// Runs `ttrss-fixture.sh ARGUMENTS` to its end and returns its standard output.
    /// - Throws: `HarnessError` with both of its outputs when it fails.
    @discardableResult
    static func runScript(_ arguments: [String], in directory: URL) async throws -> String {
        let name = "script-\(UUID().uuidString.prefix(8))"
        let outURL = directory.appendingPathComponent("\(name).out"), errURL = directory.appendingPathComponent("\(name).err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let scriptPath = try script.path
        let out = try create(outURL), err = try create(errURL)
        let spawned = ChildProcess.spawn(
            ["/bin/sh", scriptPath] + arguments, environment: environment, input: .nullDevice, output: out, error: err,
            group: .newProcessGroup)
        close(out)
        close(err)
        guard case .success(let pid) = spawned else { throw HarnessError("/bin/sh could not be started: \(spawned)") }
        let status = await waitForExit(pid)
        let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let errors = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            throw HarnessError("ttrss-fixture.sh \(arguments.joined(separator: " ")) failed (wait status \(status)):\n\(output)\(errors)")
        }
        return output
    }

    /// Starts `php -S 127.0.0.1:PORT` on tt-rss's web root as www-data, in a process group of
    /// its own (`php -S` workers outlive a master killed alone), with its output in
    /// `directory/php.log`, and waits up to 30 s for the API to answer.
    /// - Returns: the master's pid (also the group's id) and the port.
    /// - Throws: `HarnessError` with php's output when it does not come up; a port someone
    ///   else took between choosing and binding is retried with another.
    static func startPHP(in directory: URL) async throws -> (pid: pid_t, port: Int) {
        let logURL = directory.appendingPathComponent("php.log")
        var log = ""
        for _ in 0..<5 {
            let port = try LoopbackPort.free()
            let output = try create(logURL, truncate: true)
            // Sessions live in the database, so workers may share them; two suit two cores.
            let spawned = ChildProcess.spawn(
                ["/usr/bin/setpriv", "--reuid=www-data", "--regid=www-data", "--init-groups",
                 "/usr/bin/php", "-S", "127.0.0.1:\(port)", "-t", www],
                environment: environment + ["PHP_CLI_SERVER_WORKERS=2"], input: .nullDevice, output: output,
                directory: www, group: .newProcessGroup)
            close(output)
            guard case .success(let pid) = spawned else { throw HarnessError("php -S could not be started: \(spawned)") }
            let apiURL = URL(string: "http://127.0.0.1:\(port)/api/")!
            // Generous: the whole suite runs on 2 cores.
            let deadline = ContinuousClock.now + .seconds(30)
            var exited = false
            while ContinuousClock.now < deadline {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    exited = true
                    break
                }
                if LoopbackPort.canConnect(port), await TTRSSClient.answers(apiURL) { return (pid, port) }
                try? await Task.sleep(for: .milliseconds(50))
            }
            if !exited { await stopGroup(pid) }
            log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            guard exited, log.contains("Address already in use") else { break }
        }
        throw HarnessError("tt-rss (php -S) did not answer within 30 s:\n\(log.suffix(4000))")
    }

    /// Ends process group `group` (SIGTERM, SIGKILL after 10 s), waits until none of its
    /// processes runs, then reaps its leader, which stays unreaped until then so that the
    /// group's id cannot go to another group meanwhile.
    static func stopGroup(_ group: pid_t) async {
        for (signal, patience) in [(SIGTERM, Duration.seconds(10)), (SIGKILL, .seconds(5))] {
            kill(-group, signal)
            let deadline = ContinuousClock.now + patience
            while ProcessGroup.hasLiveMembers(group) == true, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
            if ProcessGroup.hasLiveMembers(group) != true { break }
        }
        _ = await waitForExit(group)
    }

    /// `waitpid` for `pid` on a Dispatch thread, never on the cooperative pool.
    /// - Returns: the wait status.
    private static func waitForExit(_ pid: pid_t) async -> Int32 {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1, errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
    }

    /// Opens `url` for writing, for a child's output: a new file (not through a symbolic
    /// link), or emptied with `truncate`.
    private static func create(_ url: URL, truncate: Bool = false) throws -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (truncate ? O_TRUNC : O_EXCL)
        let descriptor = open(url.path, flags, 0o600)
        guard descriptor >= 0 else { throw HarnessError("\(url.path): \(String(cString: strerror(errno)))") }
        return descriptor
    }
}
