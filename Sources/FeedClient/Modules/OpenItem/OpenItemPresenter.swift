import FeedEntities
import FeedIPC

/// Decides whether an item's link may be opened, has the Router open it, then marks the item
/// read. A refused or failed open leaves the item unread.
public final class OpenItemPresenter: OpenItemPresentation {
    private let number: Int64
    private let view: any OpenItemView
    private let interactor: any OpenItemUseCase
    private let wireframe: any OpenItemWireframe

    public init(number: Int64, view: any OpenItemView, interactor: any OpenItemUseCase, wireframe: any OpenItemWireframe) {
        self.number = number
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
    }

    // MARK: - OpenItemPresentation

    public func viewDidLoad() async {
        let item: Item
        do {
            item = try await interactor.item(number: number)
        } catch let error as RPCError where error.code == RPCErrorCode.notFound.rawValue {
            return fail(CommandFailure(message: "no item \(number)"))
        } catch {
            return fail(CommandFailure(error, action: "cannot read item \(number)"))
        }

        guard let link = Self.link(of: item) else {
            return fail(CommandFailure(message: "item \(number) has no link"))
        }
        if let reason = LinkPolicy.refusal(for: link) {
            return fail(CommandFailure(BrowserLaunchError.refusedLink(link, reason: reason)))
        }

        do {
            let browser = try await interactor.configuredBrowser()
            try wireframe.navigate(to: .browser(link: link, configuredBrowser: browser))
        } catch {
            return fail(CommandFailure(error))
        }

        do {
            try await interactor.markRead(number: number)
        } catch {
            return fail(CommandFailure(error, action: "opened item \(number) but could not mark it read"))
        }
        wireframe.navigateToExit(.success)
    }

    // MARK: - Decisions

    /// The item's link without surrounding whitespace; `nil` when there is none.
    static func link(of item: Item) -> String? {
        guard let link = item.link else { return nil }
        let trimmed = String(link.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        return trimmed.isEmpty ? nil : trimmed
    }

    private func fail(_ failure: CommandFailure) {
        view.showFailure(failure)
        wireframe.navigateToExit(failure.status)
    }
}

extension OpenItemWireframe {
    /// `.exit` never throws; this spares callers a `try` that cannot fail.
    func navigateToExit(_ status: ExitStatus) {
        try? navigate(to: .exit(status))
    }
}
