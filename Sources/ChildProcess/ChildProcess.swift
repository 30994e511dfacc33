import Glibc
import CSpawn

/// Starts a program the way both executables need it (the client starting `tidingsd`, the
/// daemon running hooks): an argument vector and never a shell, standard input and output
/// chosen by the caller, no other descriptor inherited, default signal dispositions and an
/// empty signal mask whatever the parent blocked or ignored, in a session or process group of
/// its own so that it can be signalled as a whole.
public enum ChildProcess {
    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        case nullDevice
        case descriptor(Int32)
    }

    /// What the child is detached into.
    public enum Group: Sendable {
        /// A new session (`setsid`): no controlling terminal, so the terminal's Ctrl-C and
        /// hang-up do not reach it (a daemon started from a shell).
        case newSession
        /// A new process group (a hook, killed as a group at its timeout).
        case newProcessGroup
        /// The caller's own process group: a command run in the foreground for the user (the
        /// terminal's Ctrl-C reaches it as it reaches the caller, and it may write to the
        /// terminal under `stty tostop`).
        case callerProcessGroup
    }

    /// Signals whose dispositions are reset to the default in the child.
    static let defaultedSignals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2]

    /// Spawns `arguments[0]` (an absolute path) with `arguments` and `environment`
    /// (`NAME=value` strings); standard output goes to `output`, standard error to `error`
    /// (by default `output` as well). The child starts in `directory` when one is given (a
    /// directory that cannot be entered fails the spawn with its `errno`), else in the caller's.
    /// A program file busy being written (ETXTBSY) is waited for, up to 0.5 s: call it from a
    /// thread that may block, as `posix_spawn` itself may.
    /// - Returns: the child's pid, or the `errno` of `posix_spawn`.
    public static func spawn(
        _ arguments: [String], environment: [String], input: Input, output: Int32, error: Int32? = nil,
        directory: String? = nil, group: Group
    ) -> Result<pid_t, SpawnError> {
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch input {
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error ?? output, 2)
        if let directory { _ = tidings_spawn_add_chdir(&actions, directory) }
        // Descriptors opened without O_CLOEXEC (by libraries, by another thread, or Foundation's
        // `Process`, which watches each child through a socket the child keeps open) must not
        // live on in the child: whoever waits for them to close would wait for the child. The
        // child closes them itself, after the dups above, so a descriptor another thread opens
        // while this one spawns is closed too.
        _ = tidings_spawn_add_closefrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        switch group {
        case .newSession: flags |= setSessionFlag
        case .newProcessGroup:
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        case .callerProcessGroup: break
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var pid = pid_t()
        var result = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
        // A program file open for writing anywhere refuses to run (ETXTBSY) for as long as it
        // is: while an editor or installer replaces it, or while a child that another thread
        // forked holds the writer's descriptor until its exec. Tried again for up to 0.5 s.
        var attempts = 1
        while result == ETXTBSY, attempts < 25 {
            usleep(20_000)
            result = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
            attempts += 1
        }
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }

    /// `POSIX_SPAWN_SETSID` (glibc 2.26), which the Glibc module does not export.
    private static var setSessionFlag: Int32 { 0x80 }
}

/// `posix_spawn` failed; `code` is its `errno`.
public struct SpawnError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int32
    public init(code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}
