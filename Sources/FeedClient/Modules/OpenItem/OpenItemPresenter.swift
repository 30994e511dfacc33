import FeedEntities

/// Finds the item (the one asked for, else the newest unread), has the Interactor say what of
/// it may be opened and the Router open that, then marks the item read. A refused or
/// failed open leaves the item unread.
public final class OpenItemPresenter {
    private let request: OpenItemRequest
    private let view: any OpenItemView
    private let interactor: any OpenItemUseCase
    private let wireframe: any OpenItemWireframe

    public init(request: OpenItemRequest, view: any OpenItemView, interactor: any OpenItemUseCase, wireframe: any OpenItemWireframe) {
        self.request = request
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        let item: Item
        switch await findItem() {
        case .found(let found): item = found
        case .failed(let failure): return fail(failure)
        }
        let number = item.id

        let target: String
        do {
            target = try interactor.openTarget(of: item, enclosure: request.opensEnclosure)
        } catch {
            return fail(CommandFailure(error))
        }

        do {
            let browser = try await interactor.configuredBrowser()
            try wireframe.navigate(to: .browser(link: target, configuredBrowser: browser))
        } catch {
            return fail(CommandFailure(error))
        }

        do {
            try await interactor.markRead(number: number)
        } catch {
            return fail(CommandFailure(error, action: "opened item \(number) but could not mark it read"))
        }
        return .success
    }

    /// The item to open, or why there is none.
    private enum Lookup {
        case found(Item)
        case failed(CommandFailure)
    }

    /// The item asked for, else the newest unread one. No unread item is a failure (exit 1), so
    /// that `while tidings open; do …; done` ends.
    private func findItem() async -> Lookup {
        guard let number = request.number else {
            do {
                guard let item = try await interactor.newestUnreadItem() else {
                    return .failed(CommandFailure(message: "no unread items"))
                }
                return .found(item)
            } catch {
                return .failed(CommandFailure(error, action: "cannot find the newest unread item"))
            }
        }
        do {
            return .found(try await interactor.item(number: number))
        } catch DaemonRefusal.notFound {
            return .failed(CommandFailure(message: "no item \(number)"))
        } catch {
            return .failed(CommandFailure(error, action: "cannot read item \(number)"))
        }
    }

    private func fail(_ failure: CommandFailure) -> ExitStatus {
        view.showFailure(failure)
        return failure.status
    }
}
