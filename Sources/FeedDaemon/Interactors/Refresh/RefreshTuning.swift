import FeedEntities
import FeedParsing
import FeedStorage
import Synchronization

/// What a configuration reload may change in the way feeds are refreshed. A pass in progress
/// keeps the width it started with; each feed takes the parser, schedule and rules in effect
/// when its refresh begins.
public struct RefreshTuning: Sendable {
    /// Parses documents, with the configured size limit.
    public var parser: any FeedParser
    /// A parser with another size limit, for a feed with its own `max_size`.
    public var parserWithLimit: @Sendable (Int) -> any FeedParser
    /// When each feed is fetched next.
    public var schedule: RefreshSchedule
    /// Feeds refreshed at once by a pass.
    public var concurrency: Int
    /// What new items go through as they are stored.
    public var rules: RuleSet

    public init(
        parser: any FeedParser, parserWithLimit: @escaping @Sendable (Int) -> any FeedParser, schedule: RefreshSchedule,
        concurrency: Int, rules: RuleSet = .none
    ) {
        self.parser = parser
        self.parserWithLimit = parserWithLimit
        self.schedule = schedule
        self.concurrency = max(1, concurrency)
        self.rules = rules
    }

    /// The parser for `feed`: the configured one, or one with the feed's own size limit.
    func parser(for settings: FeedSettings) -> any FeedParser {
        settings.maxSize.map(parserWithLimit) ?? parser
    }
}

/// The `RefreshTuning` in effect, replaced whole by a reload. Read from refreshes on any thread,
/// hence a lock.
public final class LiveRefreshTuning: Sendable {
    private let tuning: Mutex<RefreshTuning>

    public init(_ tuning: RefreshTuning) {
        self.tuning = Mutex(tuning)
    }

    /// The tuning now; a refresh reads it once and keeps what it read.
    public var current: RefreshTuning { tuning.withLock { $0 } }

    /// Makes `new` the tuning of every refresh that starts from now on.
    public func replace(with new: RefreshTuning) {
        tuning.withLock { $0 = new }
    }
}
