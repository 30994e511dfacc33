import Glibc

/// The process's stdout and stderr.
public final class StandardTerminal: Terminal {
    public let isTTY: Bool
    public let width: Int
    public let height: Int
    public let usesColor: Bool
    private let pagerCommand: String

    /// - Parameters:
    ///   - environment: read for `COLUMNS`/`LINES` when the window size cannot be asked for,
    ///     `NO_COLOR` and `TERM` for colors, and `PAGER`.
    ///   - color: the `--color` choice.
    public init(environment: [String: String], color: ColorChoice = .auto) {
        isTTY = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        let known = isTTY && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0
        width = Self.dimension(known ? Int(size.ws_col) : 0, environment["COLUMNS"], default: 80)
        height = Self.dimension(known ? Int(size.ws_row) : 0, environment["LINES"], default: 24)
        usesColor = color.enables(isTTY: isTTY, environment: environment)
        let pager = environment["PAGER"] ?? ""
        pagerCommand = pager.allSatisfy(\.isWhitespace) ? "less -R" : pager
    }

    public func write(_ text: String) {
        Self.write(text, to: STDOUT_FILENO)
    }

    public func writeError(_ text: String) {
        Self.write(text, to: STDERR_FILENO)
    }

    public func writePaged(_ text: String) {
        let lines = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        guard isTTY, lines >= height, let command = BrowserCommand(parsing: pagerCommand),
              Self.page(text, through: command.template)
        else { return write(text) }
    }

    /// The window size, else the environment variable, else `fallback`.
    private static func dimension(_ measured: Int, _ variable: String?, default fallback: Int) -> Int {
        if measured > 0 { return measured }
        if let value = variable.flatMap({ Int($0) }), value > 0 { return value }
        return fallback
    }

    /// Runs the pager with `arguments` (no shell), feeds it `text` on its stdin and waits for it.
    /// - Returns: `false` when the pager could not be started (nothing was written).
    private static func page(_ text: String, through arguments: [String]) -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            return false
        }
        // Quitting the pager early closes the pipe: a write error, not a SIGPIPE that kills us.
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        write(text, to: ends[1])
        close(ends[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        signal(SIGPIPE, previousPipe)
        signal(SIGINT, previousInterrupt)
        return true
    }

    private static func write(_ text: String, to descriptor: Int32) {
        DescriptorOutput.writeAll(text, to: descriptor)
    }
}
