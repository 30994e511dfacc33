#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Shows one item: maps the `Item` and its rendered content to an `ItemDetail`, has the View
/// write it, then marks the item read. A failure to mark read is reported after the article.
public final class ShowItemPresenter {
    private let request: ShowItemRequest
    private let view: any ShowItemView
    private let interactor: any ShowItemUseCase
    private let clock: any WallClock

    public init(
        request: ShowItemRequest, view: any ShowItemView, interactor: any ShowItemUseCase, clock: any WallClock
    ) {
        self.request = request
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        var result: ItemToShow
        switch await findItem() {
        case .found(let found): result = found
        case .missing(let failure): return fail(failure)
        }
        let number = result.item.id
        if request.text == .article, request.number == nil {
            // The next unread item was found first: its page now.
            do {
                result = try await interactor.article(number: number, width: request.width)
            } catch {
                return fail(CommandFailure(error, action: "cannot fetch the article of item \(number)"))
            }
        }

        var detail = ItemDetailMapper(clock: clock).detail(
            for: result.item, rendered: result.rendered, article: result.article, text: result.text)
        if let graphics = request.graphics, let rendered = result.rendered {
            detail.pictures = await pictures(of: rendered, item: number, graphics: graphics)
        }
        view.showItem(detail)
        if request.text == .article, let note = Self.missingArticle(result) {
            view.showFailure(CommandFailure(message: "item \(number): \(note); the feed's text is shown"))
        }

        // An item already read needs no round trip.
        if request.marksRead, !result.item.isRead {
            do {
                try await interactor.markRead(number: number)
            } catch {
                return fail(CommandFailure(error, action: "showed item \(number) but could not mark it read"))
            }
        }
        return .success
    }

    /// What `findItem()` came to.
    private enum Lookup {
        case found(ItemToShow)
        /// Why there is no item to show.
        case missing(CommandFailure)
    }

    /// The item asked for, else the newest (or next) unread one. No unread item left is a
    /// failure (exit 1), as for `open`, so that `while tidings show --next; do …; done` ends.
    private func findItem() async -> Lookup {
        guard let number = request.number else {
            let action = request.next ? "cannot find the next unread item" : "cannot find the newest unread item"
            do {
                let next = try await interactor.nextItem(
                    afterShown: request.next, width: request.width, text: request.text == .feed ? .feed : nil)
                guard let found = next.found else {
                    let none = next.after.map { "no unread items after item \($0)" } ?? "no unread items"
                    return .missing(CommandFailure(message: none))
                }
                return .found(found)
            } catch {
                return .missing(CommandFailure(error, action: action))
            }
        }
        do {
            if request.text == .article { return .found(try await interactor.article(number: number, width: request.width)) }
            return .found(try await interactor.item(number: number, width: request.width, text: request.text))
        } catch DaemonRefusal.notFound {
            return .missing(CommandFailure(message: "no item \(number)"))
        } catch {
            return .missing(CommandFailure(error, action: "cannot read item \(number)"))
        }
    }

    /// The article's pictures as the daemon draws them for the terminal, the text's width wide
    /// at most; one the daemon cannot draw (or a daemon that draws none) leaves its text form.
    private func pictures(of rendered: RenderedContent, item: Int64, graphics: TerminalGraphics) async -> [Int: TerminalPicture] {
        var pictures: [Int: TerminalPicture] = [:]
        for number in (rendered.images ?? []).prefix(ArticlePictures.most) where number >= 1 && number <= rendered.links.count {
            do {
                pictures[number] = try await interactor.picture(
                    url: rendered.links[number - 1], item: item, graphics: graphics, columns: request.width,
                    rows: request.pictureRows)
            } catch DaemonRefusal.unsupported {
                return [:]
            } catch {
                pictures[number] = .failed(graphics.kind, CommandFailure(error).message)
            }
        }
        return pictures
    }

    /// Why the article asked for is not shown, or `nil` when it is.
    static func missingArticle(_ shown: ItemToShow) -> String? {
        guard shown.text != .article else { return nil }
        return shown.article.map { $0.unavailability } ?? "the page gave no article"
    }

    private func fail(_ failure: CommandFailure) -> ExitStatus {
        view.showFailure(failure)
        return failure.status
    }
}
