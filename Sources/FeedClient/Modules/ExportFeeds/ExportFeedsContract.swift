import FeedEntities

// `tidings export [--format opml|newsboat] [--output FILE]`: the subscriptions as a file other
// readers (and `tidings import`) read.

/// Writes the exported document, or what became of it.
public protocol ExportFeedsView: AnyObject {
    /// Writes the document to stdout.
    func showDocument(_ text: String)
    /// Shows the confirmation that the document was saved, on stdout.
    func showSaved(_ message: String)
    /// Shows something the document could not hold, as a note on stderr.
    func showNote(_ note: String)
    /// Shows why nothing was exported, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Exporting: the feeds from the daemon, the file on disk.
public protocol ExportFeedsUseCase {
    /// Every subscribed feed with its tags, in subscription order.
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func feeds() async throws -> [Feed]
    /// The saved views, the config file's first; none from a daemon before protocol 1.18.
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func views() async throws -> [SavedView]
    /// Replaces the file at `path` with `text` atomically: readers see the old file or the new.
    /// - Throws: `ExportFileError`; the old file is left as it was then.
    func save(_ text: String, toPath path: String) throws
}

/// Where an exported file is written.
public protocol ExportFileWriter {
    /// Writes `text` to a temporary file beside `path`, flushes it to disk and renames it to
    /// `path`, so that `path` never holds half a document.
    /// - Throws: `ExportFileError.unwritable` with the system's reason; the temporary file is
    ///   removed then.
    func write(_ text: String, toPath path: String) throws
}


/// Why an export could not be saved.
public enum ExportFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system's reason (`Permission denied`).
    case unwritable(String)

    public var description: String {
        switch self {
        case .unwritable(let reason): reason
        }
    }
}
