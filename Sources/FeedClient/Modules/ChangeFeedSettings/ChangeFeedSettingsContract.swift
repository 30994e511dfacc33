import FeedEntities

// `tidings feed show FEED`, `tidings feed set FEED key=value…`, `tidings feed unset FEED key…`
// (each with `--json`): a feed's own settings.

/// Writes a feed's settings.
public protocol ChangeFeedSettingsView: AnyObject {
    /// Shows the settings on stdout, one `key = value` line each (`no settings` when there are
    /// none); with `--json`, instead, the feed as one JSON document.
    func showSettings(_ lines: [FeedSettingLine], feed: FeedRow)
    /// Shows why the settings were not shown or changed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// What to do to a feed's settings: `set` first, then `unset`; neither only reads them.
///
/// A secret need not be typed where every local user can read it (`/proc/PID/cmdline`, the
/// shell's history): `KEY=-` takes the value of KEY from standard input, and `--stdin` reads
/// `key=value` lines from it.
public struct FeedSettingsChange: Equatable, Sendable {
    /// `key=value` assignments, in order; a value `-` is read from standard input.
    public var set: [String]
    /// Keys to clear (`header=Name` clears one header).
    public var unset: [String]
    /// `--stdin`: standard input holds more `key=value` lines, applied after `set`.
    public var readsAssignments: Bool

    public init(set: [String] = [], unset: [String] = [], readsAssignments: Bool = false) {
        self.set = set
        self.unset = unset
        self.readsAssignments = readsAssignments
    }

    /// Whether the settings are only read.
    public var isReading: Bool { self.set.isEmpty && unset.isEmpty && !readsAssignments }
}

/// Where `KEY=-` and `--stdin` read from.
public protocol FeedSettingsInput {
    /// The UTF-8 text of standard input, read to its end.
    /// - Throws: `FeedSettingsInputError` when it cannot be read, holds more than `limit`
    ///   bytes or is not UTF-8.
    func standardInput(limit: Int) throws -> String
}

/// One line of `tidings feed show`: a key and its value as `feed set` takes it, a secret
/// `(hidden)`.
public struct FeedSettingLine: Equatable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A feed's settings, as the daemon keeps them.
public protocol ChangeFeedSettingsUseCase {
    /// Applies `change` to the settings of the feed `selector` names (its number, URL, title or
    /// an unambiguous title prefix), all of it or nothing, once what it
    /// reads from standard input is read.
    /// - Returns: the feed afterwards, its settings with secrets hidden.
    /// - Throws: `FeedSettingsInputError` (nothing is sent then), `DaemonRefusal` (`notFound` for a
    ///   selector that names no feed (`ambiguous` for a prefix of several), `other` naming the assignment or key refused and what
    ///   it expects) or `DaemonClientError`.
    func changeSettings(ofFeed selector: String, _ change: FeedSettingsChange) async throws -> Feed
}
