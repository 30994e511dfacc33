import FeedEntities

/// Lists the rules or shows a dry run: maps `RuleSummary` to rows, and `Item` to the rows of
/// `tidings list` (`ItemRowMapper`).
public final class ManageRulesPresenter {
    private let view: any ManageRulesView
    private let interactor: any ManageRulesUseCase
    private let request: ManageRulesRequest
    private let mapper: ItemRowMapper

    /// - Parameter clock: gives the local zone and the day the matching items' dates are shown in.
    public init(
        view: any ManageRulesView, interactor: any ManageRulesUseCase, request: ManageRulesRequest, clock: any WallClock
    ) {
        self.view = view
        self.interactor = interactor
        self.request = request
        self.mapper = ItemRowMapper(clock: clock)
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            switch request {
            case .list:
                view.showRules(try await interactor.rules().map(Self.row))
            case .test(let name):
                let result = try await interactor.test(name: name)
                view.showMatches(of: Self.row(result.rule), items: result.items.map(mapper.row(for:)))
            case .apply(let name):
                let result = try await interactor.apply(name: name)
                view.showApplied(Self.summary(of: result), rule: Self.row(result.rule), application: result)
            }
            return .success
        } catch {
            let action = switch request {
            case .list: "cannot list the rules"
            case .test(let name): "cannot test the rule '\(name)'"
            case .apply(let name): "cannot apply the rule '\(name)'"
            }
            let failure = CommandFailure(error, action: action)
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    static func row(_ rule: RuleSummary) -> RuleRow {
        RuleRow(name: rule.name, conditions: rule.conditions, actions: rule.actions, matched: rule.matched)
    }

    /// `Rule "quiet" marked 12 items read`, `Rule "swift" starred 2 items and tagged 2 items
    /// 'lang' (of 3 matching)`: one phrase per action, with the matches when an action found
    /// some of them done already.
    static func summary(of result: AppliedRule) -> String {
        let rule = "Rule \"\(result.rule.name)\""
        guard result.matched > 0 else { return "\(rule) matches no stored item: nothing changed" }
        var done: [String] = []
        var counts: [Int] = []
        let tags = result.rule.actions.filter { $0.hasPrefix("tag:") }.map { "'\($0.dropFirst(4))'" }
        for action in result.rule.actions {
            switch action {
            case "read":
                done.append("marked \(Counted.phrase(result.markedRead, "item")) read")
                counts.append(result.markedRead)
            case "star":
                done.append("starred \(Counted.phrase(result.starred, "item"))")
                counts.append(result.starred)
            case "hide":
                done.append("hid \(Counted.phrase(result.hidden, "item"))")
                counts.append(result.hidden)
            case _ where action == result.rule.actions.first(where: { $0.hasPrefix("tag:") }):
                done.append("tagged \(Counted.phrase(result.tagged, "item")) \(tags.joined(separator: ", "))")
                counts.append(result.tagged)
            default:
                continue
            }
        }
        guard counts.contains(where: { $0 > 0 }) else {
            return "\(rule) matches \(Counted.phrase(result.matched, "stored item")): nothing left to change"
        }
        let list = done.count > 1 ? done.dropLast().joined(separator: ", ") + " and " + done[done.count - 1] : done.joined()
        let matching = counts.allSatisfy { $0 == result.matched } ? "" : " (of \(result.matched) matching)"
        return rule + " " + list + matching
    }
}
