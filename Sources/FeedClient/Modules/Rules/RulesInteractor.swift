import FeedIPC

/// Asks the daemon for its rules and dry runs.
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
}
