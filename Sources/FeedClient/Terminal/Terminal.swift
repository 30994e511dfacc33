/// Where Views write. The only door to the process's standard output and error.
///
/// Views receive one through `init`; nothing else in the client writes to stdout or stderr.
public protocol Terminal: AnyObject {
    /// Writes `text` to standard output as given (the caller supplies newlines).
    /// Write errors are ignored: there is nowhere left to report them.
    func write(_ text: String)

    /// Writes `text` to standard error as given (the caller supplies newlines).
    func writeError(_ text: String)

    /// Whether standard output is a terminal (tables) rather than a pipe or file (plain lines).
    var isTTY: Bool { get }

    /// Columns available on standard output; a sensible default (80) when unknown.
    var width: Int { get }
}
