import Glibc

/// How a command ended; the executable turns it into the process exit code (docs/cli.md).
public enum ExitStatus: Sendable, Equatable {
    /// Everything asked for was done.
    case success
    /// The command failed; a one-line reason was written to stderr.
    case failure
    /// The daemon could not be reached; a one-line hint was written to stderr.
    case daemonUnreachable
    /// A signal ended the command (the reader, on SIGINT, SIGTERM or SIGHUP).
    case interrupted(signal: Int32)

    /// The terminal hung up (SIGHUP, or its input ended without one): 129.
    public static let hangUp = ExitStatus.interrupted(signal: SIGHUP)

    /// The process exit code: 0, 1 or 3 (2 is ArgumentParser's usage error); 128 plus the
    /// signal's number after a signal, as shells report it.
    public var code: Int32 {
        switch self {
        case .success: 0
        case .failure: 1
        case .daemonUnreachable: 3
        case .interrupted(let signal): 128 + signal
        }
    }
}
