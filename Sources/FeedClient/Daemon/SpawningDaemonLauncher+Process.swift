import Glibc
import ChildProcess

/// The POSIX side of `SpawningDaemonLauncher`: spawning, reaping, files.
extension SpawningDaemonLauncher {
    /// Starts `arguments[0]` (an absolute path, no shell) in a session of its own, so that the
    /// terminal's Ctrl-C and hang-up do not reach it, with standard input from `/dev/null` and
    /// standard output and error on `output`; nothing else inherited, default signal handling
    /// (a shell may have ignored SIGHUP or SIGINT for a background job, and the daemon's own
    /// SIGTERM, SIGINT and SIGHUP handling must work).
    /// - Returns: the daemon's pid.
    static func spawn(_ arguments: [String], environment: [String], output: Int32) throws -> pid_t {
        switch ChildProcess.spawn(arguments, environment: environment, input: .nullDevice, output: output, group: .newSession) {
        case .success(let pid): return pid
        case .failure(let error): throw DaemonLaunchError.cannotStart("\(arguments[0]): \(error)")
        }
    }

    /// How `pid` ended, reaping it, or `nil` while it runs.
    static func exitStatus(of pid: pid_t) -> String? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 && errno == ECHILD ? "exited" : nil }
        return switch WaitStatus(status) {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "was killed by signal \(signal)"
        }
    }

    /// Opens the log for appending, private when it is created.
    static func openLog(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw DaemonLaunchError.cannotStart("cannot open its log \(path): \(describe(errno))")
        }
        return descriptor
    }

    /// The last `count` non-empty lines written to `path` from byte `offset` on.
    static func lastLines(of path: String, from offset: off_t, count: Int = 8) -> [String] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        let end = lseek(descriptor, 0, SEEK_END)
        // The tail is enough: a daemon that failed at start writes a few short lines.
        let start = max(offset, end - 16 * 1024)
        guard end > start, lseek(descriptor, start, SEEK_SET) == start else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(end - start))
        let received = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard received > 0 else { return [] }
        let lines = String(decoding: bytes[..<received], as: UTF8.self).split(separator: "\n").map(String.init)
        return Array(lines.suffix(count))
    }

    /// Creates `path` and any missing parents with mode 0700 (like `mkdir -p -m 0700`).
    static func makeDirectories(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw DaemonLaunchError.cannotStart("cannot create \(prefix): \(describe(errno))")
            }
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
