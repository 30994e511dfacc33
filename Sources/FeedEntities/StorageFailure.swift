#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes the database refuses for a reason of the storage's, not of what is written: a full
/// disk or database, an I/O error, a read-only file (`status`, protocol 1.7). The feeds it hit
/// are not counted as failing on their account; their refreshes are tried again a minute after
/// the refused write, then after as long as the error has stood (at most every five minutes),
/// until a write succeeds.
public struct StorageFailure: Codable, Sendable, Hashable {
    /// Why: what the file system says it is, then SQLite's words (`the disk holding
    /// /home/u/.local/share/tidings is full (database or disk is full)`).
    public var error: String
    /// When the first write failed so.
    public var since: Date
    /// The feeds whose refresh or health waits to be written.
    public var feeds: Int

    public init(error: String, since: Date, feeds: Int) {
        self.error = error
        self.since = since
        self.feeds = feeds
    }
}
