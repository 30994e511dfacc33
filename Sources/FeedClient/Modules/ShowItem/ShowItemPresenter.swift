#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

/// Shows one item: maps the `Item` and its rendered content to an `ItemDetail`, has the View
/// write it, then marks the item read. A failure to mark read is reported after the article.
public final class ShowItemPresenter: ShowItemPresentation {
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

    // MARK: - ShowItemPresentation

    public func viewDidLoad() async -> ExitStatus {
        let result: RPC.GetItem.Result
        switch await findItem() {
        case .found(let found): result = found
        case .missing(let failure): return fail(failure)
        }
        let number = result.item.id

        view.showItem(detail(for: result.item, rendered: result.rendered))

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
        case found(RPC.GetItem.Result)
        /// Why there is no item to show.
        case missing(CommandFailure)
    }

    /// The item asked for, else the newest (or next) unread one. No unread item left is a
    /// failure (exit 1), as for `open`, so that `while tidings show --next; do …; done` ends.
    private func findItem() async -> Lookup {
        guard let number = request.number else {
            let action = request.next ? "cannot find the next unread item" : "cannot find the newest unread item"
            do {
                let next = try await interactor.nextItem(afterShown: request.next, width: request.width)
                guard let item = next.item else {
                    let none = next.after.map { "no unread items after item \($0)" } ?? "no unread items"
                    return .missing(CommandFailure(message: none))
                }
                return .found(RPC.GetItem.Result(item: item, rendered: next.rendered))
            } catch {
                return .missing(CommandFailure(error, action: action))
            }
        }
        do {
            return .found(try await interactor.item(number: number, width: request.width))
        } catch let error as RPCError where error.code == RPCErrorCode.notFound.rawValue {
            return .missing(CommandFailure(message: "no item \(number)"))
        } catch {
            return .missing(CommandFailure(error, action: "cannot read item \(number)"))
        }
    }

    // MARK: - Mapping

    func detail(for item: Item, rendered: RenderedContent?) -> ItemDetail {
        let title = item.title ?? ""
        let display = ItemRowMapper.displayTitle(title, excerpt: item.excerpt)
        var detail = ItemDetail(
            number: item.id,
            title: title,
            displayTitle: display.text,
            link: Self.nonBlank(item.link),
            feedTitle: item.feedTitle,
            feedNumber: item.feedID,
            author: Self.nonBlank(item.author),
            dateText: dateText(item.displayDate),
            published: item.published.map(DateText.iso8601),
            isRead: item.isRead,
            isStarred: item.isStarred,
            attachments: item.enclosures.compactMap { enclosure in
                guard let url = Self.nonBlank(enclosure.url) else { return nil }
                return ItemDetail.Attachment(
                    url: url, type: Self.nonBlank(enclosure.type), length: enclosure.length,
                    size: enclosure.length.flatMap(ByteCount.text), duration: enclosure.duration,
                    playingTime: enclosure.duration.flatMap(PlayingTime.text))
            },
            text: rendered?.text ?? "",
            links: rendered?.links ?? [])
        detail.alsoIn = item.alsoIn ?? []
        detail.tags = item.tags ?? []
        detail.titleIsExcerpt = display.isExcerpt
        detail.excerpt = item.untitledExcerpt
        return detail
    }

    /// Local time, plus how long ago when that says more than the date: within the last 30
    /// days, and not for dates in the future (a feed's or this machine's clock is off).
    func dateText(_ date: Date) -> String {
        let offset = clock.utcOffset(at: date)
        let local = DateText.local(date, offset: offset)
        let age = clock.now.timeIntervalSince(date)
        guard age >= 0, age < 30 * 86_400 else { return local }
        return local + " (" + DateText.relative(date, now: clock.now, offset: offset) + ")"
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }

    private func fail(_ failure: CommandFailure) -> ExitStatus {
        view.showFailure(failure)
        return failure.status
    }
}
