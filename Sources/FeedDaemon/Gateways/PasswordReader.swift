import FeedEntities

/// Reads secrets (per-feed HTTP and proxy passwords, secret headers and cookies) from where the
/// user keeps them.
public protocol PasswordReader: Sendable {
    /// The secret `source` holds, without its one trailing newline.
    ///
    /// Safe to call concurrently. Cancelling the calling task ends a running command as its
    /// timeout would.
    /// - Throws: `PasswordReadError`, whose description names the program or file and what is
    ///   wrong, never the secret or anything the program printed.
    func password(from source: PasswordSource) async throws -> String
}

/// Why a secret could not be read; `description` is one line for the log and the user.
public enum PasswordReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case emptyCommand
    case commandCannotStart(program: String, reason: String)
    case commandFailed(program: String, status: Int32)
    case commandKilled(program: String, signal: Int32)
    case commandTimedOut(program: String, seconds: Int)
    case tooLong(source: String, limit: Int)
    case notText(source: String)
    case fileUnreadable(path: String, reason: String)
    case notRegularFile(path: String)
    case notOwned(path: String)
    case sharedPermissions(path: String, mode: UInt32)

    public var description: String {
        switch self {
        case .emptyCommand: "the secret command is empty: it needs a program"
        case .commandCannotStart(let program, let reason): "the secret command \(program) cannot start: \(reason)"
        case .commandFailed(let program, let status): "the secret command \(program) exited with status \(status)"
        case .commandKilled(let program, let signal): "the secret command \(program) was killed by signal \(signal)"
        case .commandTimedOut(let program, let seconds): "the secret command \(program) timed out after \(seconds) s"
        case .tooLong(let source, let limit): "\(source) gives more than \(limit) bytes: too long for a secret"
        case .notText(let source): "\(source) gives bytes that are not UTF-8 text"
        case .fileUnreadable(let path, let reason): "the secret file \(path) cannot be read: \(reason)"
        case .notRegularFile(let path): "the secret file \(path) is not a regular file"
        case .notOwned(let path): "the secret file \(path) belongs to another user: it must be yours"
        case .sharedPermissions(let path, let mode):
            "the secret file \(path) is readable or writable by others (mode \(String(mode, radix: 8))): chmod 600 it"
        }
    }
}
