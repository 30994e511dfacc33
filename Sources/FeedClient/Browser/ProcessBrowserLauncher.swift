import Glibc

/// Starts the browser with `posix_spawnp` and an argument vector: never through a shell, so
/// nothing in a link or a setting is ever interpreted as shell syntax.
public struct ProcessBrowserLauncher: BrowserLauncher {
    public init() {}

    public func open(_ url: String, with commands: [BrowserCommand], streams: BrowserStreams) throws -> BrowserCommand {
        // The presenter checks too; this is the last gate before a process is started.
        if let reason = LinkPolicy.refusal(for: url) {
            throw BrowserLaunchError.refusedLink(url, reason: reason)
        }
        var lastError: Int32 = ENOENT
        let link = LinkPolicy.browserForm(of: url)
        for command in commands {
            switch Self.spawn(command.arguments(for: link), streams: streams) {
            case .failure(let error):
                lastError = error.code
            case .success(let pid):
                try Self.wait(for: pid, program: command.program)
                return command
            }
        }
        throw BrowserLaunchError.noBrowserStarted(
            tried: commands.map(\.program), reason: String(cString: strerror(lastError)))
    }

    // MARK: - Process

    private struct SpawnError: Error {
        let code: Int32
    }

    /// Starts `arguments[0]` (looked up in `PATH`) with the inherited environment, and the
    /// terminal or `/dev/null` as its standard streams.
    private static func spawn(_ arguments: [String], streams: BrowserStreams) -> Result<pid_t, SpawnError> {
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }

        // The child gets default SIGINT/SIGQUIT handling even though this process ignores
        // them while it waits (the libc convention for waiting on a foreground child), so
        // Ctrl-C reaches the browser only.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if streams == .discarded {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }

        var pid = pid_t()
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &cArguments, environ)
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }

    /// Waits for the browser, ignoring the terminal's interrupt keys meanwhile.
    private static func wait(for pid: pid_t, program: String) throws {
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signalNumber = status & 0x7F
        if signalNumber == 0 {
            let exitCode = (status >> 8) & 0xFF
            if exitCode != 0 { throw BrowserLaunchError.browserFailed(program: program, status: exitCode) }
        } else if signalNumber != 0x7F {
            throw BrowserLaunchError.browserKilled(program: program, signal: signalNumber)
        }
    }
}
