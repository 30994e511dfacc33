import ChildProcess

/// Runs the user's own programs from the reader (`pipe_to`, `bookmark_cmd`): an argument
/// vector, the program looked up in `PATH` (or a path, `~/` for the home directory), never a
/// shell. Owned by Routers: handing the terminal to a program is navigation.
public protocol CommandLauncher: Sendable {
    /// Runs `arguments` on this process's terminal with `input` on its standard input, and
    /// waits for it. Blocks the calling thread; the caller gives the terminal up first.
    /// - Throws: `CommandLaunchError` when the program cannot be found or started.
    func runOnTerminal(_ arguments: [String], input: String) throws(CommandLaunchError) -> WaitStatus

    /// Runs `arguments` with `/dev/null` on its standard input and its output and errors
    /// captured (the first 64 KiB), and waits for it. Blocks the calling thread.
    /// - Throws: `CommandLaunchError` when the program cannot be found or started.
    func runCapturing(_ arguments: [String]) throws(CommandLaunchError) -> (status: WaitStatus, output: String)
}

/// Why a program of the user's was not run.
public enum CommandLaunchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No executable file by that name in `PATH`, or at that path.
    case notFound(program: String)
    case cannotStart(program: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let program): "no program `\(program)` (not in PATH, or not executable)"
        case .cannotStart(let program, let reason): "cannot start `\(program)`: \(reason)"
        }
    }
}
