import FeedEntities

// `tidings rules [--json]`, `tidings rules apply NAME [--dry-run] [--json]` and
// `tidings rules test NAME [--json]` (the dry run): the config's rules.

/// Writes rules and the items a rule matches.
public protocol ManageRulesView: AnyObject {
    /// Shows every rule: `name  matched  conditions → actions` on a terminal, tab-separated
    /// lines when piped, one JSON document with `--json`.
    func showRules(_ rows: [RuleRow])
    /// Shows a dry run: the rule, then the matching items as `tidings list` shows them.
    func showMatches(of rule: RuleRow, items: [ItemRow])
    /// Shows what applying a rule did: one line on stdout (`Rule "quiet" marked 12 items
    /// read`), or one JSON document.
    func showApplied(_ message: String, rule: RuleRow, application: AppliedRule)
    /// Shows why the rules could not be read, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reading rules from the daemon.
public protocol ManageRulesUseCase {
    /// The config's rules with their match counts.
    /// - Throws: `DaemonRefusal` (`unsupported` from a daemon older than protocol 1.4) or `DaemonClientError`.
    func rules() async throws -> [RuleSummary]
    /// The rule `name` and the stored items it matches, newest first; the daemon changes nothing.
    /// - Throws: `DaemonRefusal` (`notFound` for an unknown rule) or `DaemonClientError`.
    func test(name: String) async throws -> RuleDryRun
    /// Has the daemon apply the rule `name` to the stored items it matches.
    /// - Throws: `DaemonRefusal` (`notFound` for an unknown rule, `other` for a rule too
    ///   slow on an item, when nothing was changed; `unsupported` from a daemon older than
    ///   protocol 1.6) or `DaemonClientError`.
    func apply(name: String) async throws -> AppliedRule
}

/// A dry run: the rule and the stored items it would act on, newest first, without content.
/// The Interactor builds these (memberwise initializer); the daemon changed nothing.
public struct RuleDryRun: Equatable, Sendable {
    public var rule: RuleSummary
    public var items: [Item]
}

/// What applying a rule did, for the confirmation and `--json` (memberwise initializer).
public struct AppliedRule: Equatable, Sendable {
    public var rule: RuleSummary
    /// Stored items the rule matches, and how many of them each action changed (an item an
    /// action had already reached is not counted; `tagged`: gained at least one tag).
    public var matched, markedRead, starred, hidden, tagged: Int
}

/// What the command asked for.
public enum ManageRulesRequest: Equatable, Sendable {
    case list
    /// The dry run: the stored items the rule matches (`rules test`, `rules apply --dry-run`).
    case test(name: String)
    case apply(name: String)
}
