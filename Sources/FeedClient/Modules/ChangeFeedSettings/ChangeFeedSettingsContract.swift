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

/// Reacts to what happens in the module.
public protocol ChangeFeedSettingsPresentation: AnyObject {
    /// The command started; changes the settings if asked to, then shows them. Never throws:
    /// failures are shown.
    /// - Returns: how the command ends.
    func viewDidLoad() async -> ExitStatus
}

/// What to do to a feed's settings: `set` first, then `unset`; neither only reads them.
public struct FeedSettingsChange: Equatable, Sendable {
    /// `key=value` assignments, in order.
    public var set: [String]
    /// Keys to clear (`header=Name` clears one header).
    public var unset: [String]

    public init(set: [String] = [], unset: [String] = []) {
        self.set = set
        self.unset = unset
    }

    /// Whether the settings are only read.
    public var isReading: Bool { self.set.isEmpty && unset.isEmpty }
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
    /// Applies `change` to the settings of feed `number`, all of it or nothing.
    /// - Returns: the feed afterwards, its settings with secrets hidden.
    /// - Throws: `RPCError` (`notFound` for a number that names no feed, `invalidParams` naming
    ///   the assignment or key refused and what it expects) or `DaemonClientError`.
    func changeSettings(ofFeed number: Int64, _ change: FeedSettingsChange) async throws -> Feed
}
