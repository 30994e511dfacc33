import FeedEntities

// `tidings refresh [FEED...] [--json]`: fetch feeds now and report what changed.

/// Writes the refresh's progress and report.
public protocol RefreshFeedsView: AnyObject {
    /// Shows how far the refresh is: a progress bar redrawn in place on a terminal, the lines
    /// of each finished feed otherwise; nothing with `--json`.
    func showProgress(_ progress: RefreshProgressReport)
    /// Shows one line per feed that got new items or failed, then the summary line (stdout);
    /// with `--json`, every outcome and the counts as one JSON document.
    func showReport(_ report: RefreshReport)
    /// Shows why the refresh could not run, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Refreshing, as the daemon does it.
public protocol RefreshFeedsUseCase {
    /// Asks the daemon to fetch the feeds now, regardless of their schedule, and waits until
    /// every one has been fetched (this can take as long as the slowest feed).
    /// - Parameter selectors: feed selectors; every feed when empty.
    /// - Parameter progress: called with how far the refresh is each time the daemon says so
    ///   (`refresh.progress`): once when it starts, then once per finished feed.
    /// - Returns: what each feed's refresh did.
    /// - Throws: `DaemonRefusal` (a selector matches nothing) or `DaemonClientError`. A feed that
    ///   fails to refresh is an outcome with an `error`, not a thrown error.
    func refresh(_ selectors: [String], progress: (RefreshProgress) -> Void) async throws -> [RefreshOutcome]
}

/// How far a running refresh is: feeds finished and failed so far, of `total`, and the one that
/// just finished (`nil` when the refresh starts).
public struct RefreshProgress: Equatable, Sendable {
    public var done, total, errors: Int
    public var outcome: RefreshOutcome?

    public init(done: Int, total: Int, errors: Int, outcome: RefreshOutcome? = nil) {
        (self.done, self.total, self.errors, self.outcome) = (done, total, errors, outcome)
    }
}

/// How far a refresh is, as the View writes it. Strings are unsanitised: the View cleans them.
public struct RefreshProgressReport: Equatable, Sendable {
    /// Feeds finished, of `total`.
    public var done: Int
    public var total: Int
    /// Feeds that failed so far.
    public var errors: Int
    /// The feed that just finished; `nil` when the refresh starts.
    public var feedTitle: String?
    /// What the report says of that feed (the same lines as `RefreshReport.lines`); possibly
    /// `Title: no new items` too, so that piped output has a line per feed.
    public var lines: [String]

    public init(done: Int, total: Int, errors: Int, feedTitle: String?, lines: [String]) {
        self.done = done
        self.total = total
        self.errors = errors
        self.feedTitle = feedTitle
        self.lines = lines
    }
}

/// The refresh as the View writes it. Strings are unsanitised: the View cleans them.
public struct RefreshReport: Equatable, Sendable {
    /// `Planet Terminal: 2 new items` or `Kernel Notes: error: HTTP 500 …`, in the daemon's order.
    public var lines: [String]
    /// `Refreshed 3 feeds: 5 new items, 1 error`.
    public var summary: String
    /// Every feed's outcome, in the daemon's order (for `--json`).
    public var outcomes: [RefreshOutcomeRow]
    /// New items over all feeds.
    public var newItems: Int
    /// Feeds whose server answered `304 Not Modified`.
    public var unchanged: Int
    /// Feeds that failed, gone ones not counted (the summary names those apart).
    public var errors: Int

    public init(
        lines: [String], summary: String, outcomes: [RefreshOutcomeRow], newItems: Int, unchanged: Int, errors: Int
    ) {
        self.lines = lines
        self.summary = summary
        self.outcomes = outcomes
        self.newItems = newItems
        self.unchanged = unchanged
        self.errors = errors
    }
}
