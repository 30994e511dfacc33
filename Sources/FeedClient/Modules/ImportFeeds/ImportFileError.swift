/// Why a file could not be sent to the daemon for import.
public enum ImportFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system's reason (`No such file or directory`).
    case unreadable(String)
    /// More than `limit` bytes.
    case tooLarge(limit: Int)
    case notUTF8
    /// Small enough as a file, but over the daemon's request limit once escaped as JSON.
    case requestTooLarge

    public var description: String {
        switch self {
        case .unreadable(let reason):
            reason
        case .tooLarge(let limit):
            "it is larger than \(limit) bytes, the most one import sends to the daemon; split it in parts"
        case .notUTF8:
            "it is not UTF-8 text; convert it first, e.g. with 'iconv -t UTF-8'"
        case .requestTooLarge:
            "it is too large for one request to the daemon once escaped as JSON; split it in parts"
        }
    }
}
