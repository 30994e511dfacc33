import FeedEntities
import FeedIPC

/// Lists the rules or shows a dry run: maps `RuleSummary` to rows, and `Item` to the rows of
/// `tidings list` (`ItemRowMapper`).
public final class RulesPresenter: RulesPresentation {
    private let view: any RulesView
    private let interactor: any RulesUseCase
    private let wireframe: any RulesWireframe
    private let request: RulesRequest
    private let mapper: ItemRowMapper

    /// - Parameter clock: gives the local zone and the day the matching items' dates are shown in.
    public init(
        view: any RulesView, interactor: any RulesUseCase, wireframe: any RulesWireframe, request: RulesRequest,
        clock: any WallClock
    ) {
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
        self.request = request
        self.mapper = ItemRowMapper(clock: clock)
    }

    // MARK: - RulesPresentation

    public func viewDidLoad() async {
        do {
            switch request {
            case .list:
                view.showRules(try await interactor.rules().map(Self.row))
            case .test(let name):
                let result = try await interactor.test(name: name)
                view.showMatches(of: Self.row(result.rule), items: result.items.map(mapper.row(for:)))
            }
            wireframe.navigate(to: .exit(.success))
        } catch {
            let action = if case .test(let name) = request { "cannot test the rule '\(name)'" } else { "cannot list the rules" }
            let failure = CommandFailure(error, action: action)
            view.showFailure(failure)
            wireframe.navigate(to: .exit(failure.status))
        }
    }

    // MARK: - Mapping

    static func row(_ rule: RuleSummary) -> RuleRow {
        RuleRow(name: rule.name, conditions: rule.conditions, actions: rule.actions, matched: rule.matched)
    }

}
