/// How a reaped child ended, read from `waitpid`'s status word (WIFEXITED, WEXITSTATUS and
/// WTERMSIG are macros Swift cannot import).
public enum WaitStatus: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal with this number ended it.
    case signalled(Int32)

    /// - Parameter status: the word `waitpid` filled in for a child that ended (not stopped).
    public init(_ status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
