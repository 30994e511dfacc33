/// A backup that a restore refused before changing anything: not a regular file, not an SQLite
/// database, damaged, not Tidings' schema or a newer one.
///
/// `description` is one line for the user naming the backup and the reason.
public struct RestoreRefusedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The backup as the user named it.
    public var path: String
    /// Why it was refused: "it fails SQLite's integrity check: …".
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot restore from \(path): \(reason)" }
}
