import Glibc
import FeedIPC

/// Starts `tidingsd run` as a process of its own, as gpg-agent is started by gpg: found next to
/// the running `tidings` (else on `PATH`), spawned with an argv in a new session, its output
/// appended to `$XDG_STATE_HOME/tidings/tidingsd.log`, and not waited for (it outlives the
/// client, and is re-parented when the client exits).
///
/// A lock file next to the socket (`<socket>.autostart.lock`, `flock`) makes clients started
/// together start one daemon: whoever takes the lock second finds the first one's daemon
/// listening. The daemon refuses a second instance by itself too.
public final class SpawningDaemonLauncher: DaemonLauncher {
    private let environment: [String: String]
    private let executablePath: String?
    private let startTimeout: Duration
    private let lockTimeout: Duration

    /// - Parameters:
    ///   - environment: the client's environment (`PATH`, `HOME`, `XDG_*`); the daemon gets it
    ///     too, without what belongs to the client's own service manager (`NOTIFY_SOCKET`, …).
    ///   - executablePath: the running `tidings` (default: `/proc/self/exe`), whose directory is
    ///     searched for `tidingsd` first.
    ///   - startTimeout: how long a started daemon may take to listen.
    ///   - lockTimeout: how long to wait for another client's autostart.
    public init(
        environment: [String: String], executablePath: String? = nil,
        startTimeout: Duration = .seconds(5), lockTimeout: Duration = .seconds(15)
    ) {
        self.environment = environment
        // `/proc/self/exe` is read only when a daemon is to be started.
        self.executablePath = executablePath
        self.startTimeout = startTimeout
        self.lockTimeout = lockTimeout
    }

    public func launch(socketPath: String) throws -> DaemonLaunchOutcome {
        let lock = try takeLock(next: socketPath)
        defer { close(lock) }
        // Another client may have started the daemon while this one waited for the lock.
        if Self.listens(socketPath) { return .alreadyRunning }

        let program = try findDaemon()
        let logPath = try logFilePath()
        let log = try Self.openLog(logPath)
        defer { close(log) }
        let logStart = lseek(log, 0, SEEK_END)

        var arguments = [program, "run"]
        if socketPath != defaultSocket.path { arguments += ["--socket", socketPath] }
        let pid = try Self.spawn(arguments, environment: daemonEnvironment, output: log)

        let clock = ContinuousClock()
        var deadline = clock.now + startTimeout
        var exit: String?
        while clock.now < deadline {
            if Self.listens(socketPath) { return exit == nil ? .started(logPath: logPath) : .alreadyRunning }
            if exit == nil, let status = Self.exitStatus(of: pid) {
                // A daemon someone else started (by hand, or systemd) may have been about to
                // listen when this client looked, and ours refused to be a second one: give
                // that one a moment before calling the start a failure.
                exit = status
                deadline = min(deadline, clock.now + .seconds(1))
            }
            usleep(20_000)
        }
        if let exit {
            throw DaemonLaunchError.exitedEarly(
                status: exit, logPath: logPath, logTail: Self.lastLines(of: logPath, from: max(logStart, 0)))
        }
        throw DaemonLaunchError.notListening(
            pid: pid, seconds: Int(startTimeout.components.seconds), logPath: logPath)
    }

    // MARK: - Places

    /// The socket the daemon binds when it is given none: `--socket` is passed only for others,
    /// so a daemon started for the default socket honours the config's `socket`.
    private var defaultSocket: SocketLocation.Choice {
        var inherited = environment
        inherited["TIDINGS_SOCKET"] = nil
        return SocketLocation.choose(explicit: nil, environment: inherited, uid: getuid())
    }

    private func findDaemon() throws -> String {
        try DaemonExecutable.find(environment: environment, executablePath: executablePath)
    }

    /// `$XDG_STATE_HOME/tidings/tidingsd.log` (default `~/.local/state`), its directory made
    /// private when it is created.
    private func logFilePath() throws -> String {
        let stateHome: String
        if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
            stateHome = value
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            stateHome = home + "/.local/state"
        } else {
            throw DaemonLaunchError.cannotStart("neither XDG_STATE_HOME nor HOME is set, so there is no place for its log")
        }
        try Self.makeDirectories(stateHome + "/tidings")
        return stateHome + "/tidings/tidingsd.log"
    }

    /// The client's environment without the variables a service manager set for the client
    /// itself: the daemon must not notify the client's manager or take its sockets, and its
    /// output goes to a file, not the journal.
    private var daemonEnvironment: [String] {
        let foreign: Set<String> = [
            "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM",
        ]
        return environment.filter { !foreign.contains($0.key) }.map { "\($0.key)=\($0.value)" }
    }

    // MARK: - Lock

    /// Takes the exclusive lock of `socketPath`'s autostart lock file, creating the socket's
    /// directory (private) when it does not exist yet.
    ///
    /// The default directory must be the user's own and private (created with mode 0700, or
    /// refused), and the lock file is opened without following a symbolic link and must be a
    /// regular file of the user's: a link planted there would make the client create or open a
    /// file of someone else's choosing.
    /// - Returns: the lock's descriptor; closing it releases the lock.
    private func takeLock(next socketPath: String) throws -> Int32 {
        let socket = defaultSocket
        if socketPath == socket.path, let directory = socket.defaultDirectory {
            // The fallback lies under the user's own state directory: its parents are made
            // (private) as the log's are; the directory itself is made and checked below.
            if socket.makesParents, let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
                try Self.makeDirectories(String(directory[..<slash]))
            }
            do {
                try PrivateDirectory.prepare(directory, uid: getuid(), tighten: false)
            } catch {
                throw DaemonClientError.untrustedDirectory(path: directory, problem: error)
            }
        } else if let slash = socketPath.lastIndex(of: "/"), slash != socketPath.startIndex {
            try Self.makeDirectories(String(socketPath[..<slash]))
        }
        let lockPath = socketPath + ".autostart.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link" : Self.describe(errno)
            throw DaemonLaunchError.cannotStart("cannot open \(lockPath): \(reason)")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid() else {
            close(descriptor)
            throw DaemonLaunchError.cannotStart("cannot use \(lockPath): it is not a file of yours")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + lockTimeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR, clock.now < deadline else {
                close(descriptor)
                throw DaemonLaunchError.cannotStart(
                    code == EWOULDBLOCK
                        ? "another tidings has been starting the daemon for too long (lock: \(lockPath))"
                        : "cannot lock \(lockPath): \(Self.describe(code))")
            }
            usleep(20_000)
        }
        return descriptor
    }

    /// Whether a process accepts connections on `socketPath` (a connection opened and closed).
    /// One of another user's counts: it is not ours to replace, and connecting to it afterwards
    /// reports whose it is.
    static func listens(_ socketPath: String) -> Bool {
        do {
            try UnixSocketConnection.connect(to: socketPath).close()
            return true
        } catch DaemonClientError.untrustedDaemon {
            return true
        } catch {
            return false
        }
    }
}
