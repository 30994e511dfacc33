import FeedEntities

/// Applies a read/unread/star/unstar change, says what changed, and reports numbers that name
/// no item after the others were changed (exit status 1).
public final class ItemStatePresenter {
    private let action: ItemStateAction
    private let selection: ItemSelection
    private let view: any ItemStateView
    private let interactor: any ItemStateUseCase

    public init(
        action: ItemStateAction, selection: ItemSelection, view: any ItemStateView, interactor: any ItemStateUseCase
    ) {
        self.action = action
        self.selection = selection
        self.view = view
        self.interactor = interactor
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        let change: ItemStateChange
        do {
            change = try await interactor.apply(action, to: selection)
        } catch {
            let failure = CommandFailure(error, action: failedAction)
            view.showFailure(failure)
            return failure.status
        }
        let missing = change.missing.sorted()
        view.showOutcome(ItemStateOutcome(updated: change.updated, missing: missing, summary: summary(of: change)))
        if missing.isEmpty {
            return .success
        } else {
            view.showFailure(CommandFailure(message: Self.missingMessage(missing)))
            return .failure
        }
    }

    // MARK: - Wording

    /// `Marked 2 items read; 3 were already read`, `No unread items in 'Kernel Notes'`: a feed
    /// by the title the daemon names (the selector as typed only from a daemon before 1.6).
    func summary(of change: ItemStateChange) -> [String] {
        let updated = max(0, change.updated)
        switch selection {
        case .numbers(let numbers):
            let found = Set(numbers).subtracting(change.missing).count
            let unchanged = max(0, found - updated)
            if updated > 0, unchanged > 0 {
                return ["\(done(updated)); \(unchanged) \(unchanged == 1 ? "was" : "were") \(alreadyState)"]
            }
            if updated > 0 { return [done(updated)] }
            if unchanged > 0 {
                return ["\(Counted.phrase(unchanged, "item")) \(unchanged == 1 ? "was" : "were") \(alreadyState)"]
            }
            return []
        case .all:
            return [updated > 0 ? done(updated) : nothingToChange]
        case .feed(let selector):
            return [(updated > 0 ? done(updated) : nothingToChange) + " in '\(change.feed?.title ?? selector)'"]
        case .view(let name):
            return [(updated > 0 ? done(updated) : nothingToChange) + " in the view '\(change.view?.name ?? name)'"]
        }
    }

    /// `Marked 5 items read`, `Starred 1 item`.
    private func done(_ count: Int) -> String {
        let items = Counted.phrase(count, "item")
        return switch action {
        case .read: "Marked \(items) read"
        case .unread: "Marked \(items) unread"
        case .star: "Starred \(items)"
        case .unstar: "Unstarred \(items)"
        }
    }

    /// What items that did not change already were.
    private var alreadyState: String {
        switch action {
        case .read: "already read"
        case .unread: "already unread"
        case .star: "already starred"
        case .unstar: "not starred"
        }
    }

    /// `read --all` / `--feed` that changed nothing (star takes numbers only).
    private var nothingToChange: String {
        action == .read ? "No unread items" : "No read items"
    }

    private var failedAction: String {
        switch action {
        case .read: "cannot mark items read"
        case .unread: "cannot mark items unread"
        case .star: "cannot star items"
        case .unstar: "cannot unstar items"
        }
    }

    /// `no item 999`, `no items 998, 999`, `no items 3, 501-1000`: runs of three or more as
    /// ranges, at most 10 parts, then how many more numbers there are.
    static func missingMessage(_ missing: [Int64]) -> String {
        var runs: [ClosedRange<Int64>] = []
        for number in missing {
            if let last = runs.last, last.upperBound + 1 == number {
                runs[runs.count - 1] = last.lowerBound...number
            } else if runs.last?.contains(number) != true {
                runs.append(number...number)
            }
        }
        // Each part with how many numbers it stands for.
        var parts: [(text: String, count: Int)] = []
        for run in runs {
            switch run.upperBound - run.lowerBound {
            case 0: parts.append(("\(run.lowerBound)", 1))
            case 1: parts += [("\(run.lowerBound)", 1), ("\(run.upperBound)", 1)]
            default: parts.append(("\(run.lowerBound)-\(run.upperBound)", Int(run.upperBound - run.lowerBound + 1)))
            }
        }
        let total = parts.reduce(0) { $0 + $1.count }
        let shown = parts.prefix(10)
        var message = (total == 1 ? "no item " : "no items ") + shown.map(\.text).joined(separator: ", ")
        if parts.count > shown.count {
            message += " and \(total - shown.reduce(0) { $0 + $1.count }) more"
        }
        return message
    }
}
