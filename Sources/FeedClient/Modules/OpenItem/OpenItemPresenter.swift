import FeedEntities
import FeedIPC

/// Finds the item (the one asked for, else the newest unread), decides whether its link or
/// enclosure may be opened, has the Router open it, then marks the item read. A refused or
/// failed open leaves the item unread.
public final class OpenItemPresenter: OpenItemPresentation {
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

    // MARK: - OpenItemPresentation

    public func viewDidLoad() async {
        guard let item = await findItem() else { return }
        let number = item.id

        let target = request.opensEnclosure ? Self.enclosure(of: item) : Self.link(of: item)
        guard let target else {
            return fail(CommandFailure(message: "item \(number) has no \(request.opensEnclosure ? "enclosure" : "link")"))
        }
        if let reason = LinkPolicy.refusal(for: target) {
            return fail(CommandFailure(BrowserLaunchError.refusedLink(target, reason: reason)))
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
        wireframe.navigateToExit(.success)
    }

    /// The item asked for, else the newest unread one; `nil` once the failure was shown.
    /// No unread item is a failure (exit 1), so that `while tidings open; do …; done` ends.
    private func findItem() async -> Item? {
        guard let number = request.number else {
            do {
                guard let item = try await interactor.newestUnreadItem() else {
                    fail(CommandFailure(message: "no unread items"))
                    return nil
                }
                return item
            } catch {
                fail(CommandFailure(error, action: "cannot find the newest unread item"))
                return nil
            }
        }
        do {
            return try await interactor.item(number: number)
        } catch let error as RPCError where error.code == RPCErrorCode.notFound.rawValue {
            fail(CommandFailure(message: "no item \(number)"))
        } catch {
            fail(CommandFailure(error, action: "cannot read item \(number)"))
        }
        return nil
    }

    // MARK: - Decisions

    /// The item's link without surrounding whitespace; `nil` when there is none.
    static func link(of item: Item) -> String? {
        item.link.flatMap(trimmed)
    }

    /// The URL of the item's first enclosure that has one, without surrounding whitespace.
    static func enclosure(of item: Item) -> String? {
        item.enclosures.lazy.compactMap { trimmed($0.url) }.first
    }

    private static func trimmed(_ text: String) -> String? {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
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
