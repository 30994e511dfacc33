/// Where Views write. The only door to the process's standard output and error.
///
/// Views receive one through `init`; nothing else in the client writes to stdout or stderr.
public protocol Terminal: AnyObject {
    /// Writes `text` to standard output as given (the caller supplies newlines).
    /// Write errors are ignored: there is nowhere left to report them.
    func write(_ text: String)

    /// Writes `text` to standard error as given (the caller supplies newlines).
    func writeError(_ text: String)

    /// Writes a long text such as an article to standard output, through the pager (`$PAGER`,
    /// else `less -R`) when standard output is a terminal and the text is taller than it; waits
    /// until the pager exits. A pager that cannot be started falls back to a plain write.
    func writePaged(_ text: String)

    /// Whether standard output is a terminal (tables) rather than a pipe or file (plain lines).
    var isTTY: Bool { get }

    /// Columns available on standard output; a sensible default (80) when unknown.
    var width: Int { get }

    /// Rows of the terminal; a sensible default (24) when unknown.
    var height: Int { get }

    /// Whether Views may color their output (SGR sequences), decided once from `--color`,
    /// `NO_COLOR` and whether standard output is a terminal (`ColorChoice.enables`).
    var usesColor: Bool { get }
}
