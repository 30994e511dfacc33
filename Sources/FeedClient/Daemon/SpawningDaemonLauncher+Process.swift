#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX side of `SpawningDaemonLauncher`: spawning, reaping, files.
extension SpawningDaemonLauncher {
    /// Starts `arguments[0]` (an absolute path, no shell) in a session of its own, so that the
    /// terminal's Ctrl-C and hang-up do not reach it, with standard input from `/dev/null` and
    /// standard output and error on `output`.
    /// - Returns: the daemon's pid.
    static func spawn(_ arguments: [String], environment: [String], output: Int32) throws -> pid_t {
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        // Nothing else the client inherited goes on to the daemon: a descriptor its parent
        // leaked (Foundation's `Process` watches each child through a socket the child keeps
        // open) would otherwise live as long as the daemon, and whoever waits for it to close
        // would wait for the daemon instead of the client.
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default dispositions and an empty mask, whatever the client inherited (a shell may
        // have ignored SIGHUP or SIGINT for a background job): the daemon's own SIGTERM, SIGINT
        // and SIGHUP handling must work.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | Self.newSession))

        var pid = pid_t()
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else {
            throw DaemonLaunchError.cannotStart("\(arguments[0]): \(describe(result))")
        }
        return pid
    }

    /// The descriptors open in this process, from `/proc/self/fd` (empty where it is missing;
    /// `posix_spawn_file_actions_addclosefrom_np` is not exported to Swift).
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name) { descriptors.append(descriptor) }
        }
        // The directory's own descriptor is listed too; closing it in the child fails
        // harmlessly (glibc ignores EBADF of a close action).
        return descriptors
    }

    /// `POSIX_SPAWN_SETSID` (glibc 2.26), which the Glibc module does not export.
    private static var newSession: Int32 {
        #if canImport(Glibc)
        0x80
        #else
        0
        #endif
    }

    /// How `pid` ended, reaping it, or `nil` while it runs.
    static func exitStatus(of pid: pid_t) -> String? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 && errno == ECHILD ? "exited" : nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(signalNumber)"
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

    /// The path of the running executable, from `/proc/self/exe`.
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
