import FeedEntities

/// Lists, adds or removes saved views: maps `SavedView` to rows and says what changed.
public final class QueryFeedsPresenter {
    private let view: any QueryFeedsView
    private let interactor: any QueryFeedsUseCase
    private let request: QueryFeedsRequest

    public init(view: any QueryFeedsView, interactor: any QueryFeedsUseCase, request: QueryFeedsRequest) {
        self.view = view
        self.interactor = interactor
        self.request = request
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            switch request {
            case .list:
                view.showViews(try await interactor.views().map(ViewRow.init))
            case .add(let name, let query, let replace):
                let (added, replaced) = try await interactor.add(name: name, query: query, replace: replace)
                let message = replaced.map { "Replaced the view '\(added.name)' (\($0.query) → \(added.query))" }
                    ?? "Saved the view '\(added.name)' (\(added.query))"
                view.showChanged(message, view: ViewRow(added), replaced: replaced.map(ViewRow.init))
            case .remove(let name):
                let removed = try await interactor.remove(name: name)
                view.showChanged("Removed the view '\(removed.name)' (\(removed.query))", view: ViewRow(removed), replaced: nil)
            }
            return .success
        } catch {
            let action = switch request {
            case .list: "cannot list the views"
            case .add(let name, _, _): "cannot save the view '\(name)'"
            case .remove(let name): "cannot remove the view '\(name)'"
            }
            let failure = CommandFailure(error, action: action)
            view.showFailure(failure)
            return failure.status
        }
    }
}
