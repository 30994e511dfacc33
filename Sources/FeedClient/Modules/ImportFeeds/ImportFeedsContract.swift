import FeedEntities

// `tidings import FILE [--format opml|newsboat] [--allow-commands] [--json]`: subscribe to the feeds of an OPML
// document or a newsboat `urls` file.

/// Writes the outcome of an import.
public protocol ImportFeedsView: AnyObject {
    /// Shows the summary on stdout and each skipped entry as a note on stderr (one JSON
    /// document on stdout with `--json`).
    func showImport(_ report: ImportReport)
    /// Shows why nothing was imported, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Importing, as the client reads the file and the daemon subscribes.
public protocol ImportFeedsUseCase {
    /// Reads the file at `path` (`-`: standard input) and has the daemon subscribe to the feeds
    /// it lists, without fetching them first (it fetches them right after answering). Feeds
    /// already subscribed to are left as they are, so importing a file twice adds nothing.
    /// - Parameters:
    ///   - format: how to read the file; `nil` lets the daemon tell from the text.
    ///   - allowCommands: subscribe to the file's command feeds too, which the daemon otherwise
    ///     skips (a daemon too old to skip them is refused before the file is sent).
    /// - Returns: the daemon's account: the format, the feeds added, those already there, and
    ///   the entries skipped with why.
    /// - Throws: `ImportFileError` when the file cannot be read or is too large for one
    ///   request (nothing is sent then), `DaemonWouldRunCommands`, `DaemonRefusal` (a malformed OPML
    ///   document, an invalid tag) or `DaemonClientError`.
    func importFeeds(from path: String, format: ImportFormat?, allowCommands: Bool) async throws -> ImportedFeeds
}

/// What the daemon did with the file, as the Presenter phrases it (memberwise initializer).
public struct ImportedFeeds: Equatable, Sendable {
    /// How the daemon read the file.
    public var format: ImportFormat
    /// The feeds subscribed to now, and those of the file that already were (left as they are).
    public var added, existing: [Feed]
    /// The entries left out, each with why.
    public var skipped: [ImportSkip]
    /// The saved views made of a newsboat file's query feeds, and those that were there with
    /// the same query (protocol 1.18).
    public var views: [SavedView] = []
    public var existingViews: [SavedView] = []
}

/// Where the file to import comes from.
public protocol ImportFileReader {
    /// The UTF-8 text of the file at `path`, or of standard input when `path` is `-`, without
    /// a byte order mark.
    /// - Throws: `ImportFileError`: it cannot be read, holds more than `limit` bytes (found out
    ///   before reading a regular file), or is not UTF-8.
    func text(ofFileAt path: String, limit: Int) throws -> String
}
