import FeedIPC

/// Asks the daemon for its rules, dry runs and applications of a rule.
public final class RulesInteractor: RulesUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func rules() async throws -> [RuleSummary] {
        try await daemon.call(RPC.ListRules.self, Empty()).rules
    }

    public func test(name: String) async throws -> RPC.TestRule.Result {
        try await daemon.call(RPC.TestRule.self, .init(name: name))
    }

    public func apply(name: String) async throws -> RPC.ApplyRule.Result {
        try await daemon.call(RPC.ApplyRule.self, .init(name: name))
    }
}
