import FeedEntities
import FeedIPC
@testable import FeedClient

final class ShowItemViewSpy: ShowItemView {
    private(set) var shown: [ItemDetail] = []
    private(set) var failures: [CommandFailure] = []
    func showItem(_ detail: ItemDetail) { shown.append(detail) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ShowItemUseCaseStub: ShowItemUseCase {
    var result: Result<ItemToShow, any Error>
    var markReadError: (any Error)?
    /// What `nextItem` answers; by default the item of `result`, with nothing shown before.
    var nextResult: Result<NextUnreadItem, any Error>?
    /// What `article` answers; by default the item of `result`.
    var articleResult: Result<ItemToShow, any Error>?
    private(set) var requests: [(number: Int64, width: Int)] = []
    private(set) var texts: [ItemText?] = []
    private(set) var articleRequests: [Int64] = []
    private(set) var nextRequests: [(afterShown: Bool, width: Int)] = []
    private(set) var markedRead: [Int64] = []

    init(_ result: Result<ItemToShow, any Error>) { self.result = result }

    func nextItem(afterShown: Bool, width: Int, text: ItemText?) async throws -> NextUnreadItem {
        nextRequests.append((afterShown, width))
        texts.append(text)
        if let nextResult { return try nextResult.get() }
        return NextUnreadItem(found: try result.get())
    }

    func item(number: Int64, width: Int, text: ItemText?) async throws -> ItemToShow {
        requests.append((number, width))
        texts.append(text)
        return try result.get()
    }

    func article(number: Int64, width: Int) async throws -> ItemToShow {
        articleRequests.append(number)
        return try (articleResult ?? result).get()
    }

    func markRead(number: Int64) async throws {
        if let markReadError { throw markReadError }
        markedRead.append(number)
    }

    /// What `picture` answers, by URL; an unknown URL is a failed picture.
    var pictures: [String: TerminalPicture] = [:]
    private(set) var pictureRequests: [(url: String, columns: Int, rows: Int)] = []

    func picture(url: String, item: Int64, graphics: TerminalGraphics, columns: Int, rows: Int) async throws -> TerminalPicture {
        pictureRequests.append((url, columns, rows))
        return pictures[url] ?? .failed(graphics.kind, "not served")
    }
}

extension ItemDetail {
    static func fixture(
        title: String = "Tiling window managers, revisited", feed: String = "Planet Terminal",
        author: String? = "Ada Lovelace", dateText: String = "2026-11-22 11:00 (3 h ago)",
        link: String? = "https://planet.example.org/2026/11/tiling-window-managers-revisited",
        attachments: [Attachment] = [.init(
            url: "https://cdn.example.org/episodes/tiling.mp3", type: "audio/mpeg", length: 12_345_678, size: "12.3 MB")],
        text: String = "Tiling window managers[1] are back.\n\n  let x = 1",
        links: [String] = ["https://en.wikipedia.org/wiki/Tiling_window_manager"]
    ) -> ItemDetail {
        ItemDetail(
            number: 12, title: title, displayTitle: title.isEmpty ? "(no title)" : title, link: link,
            feedTitle: feed, feedNumber: 3, author: author, dateText: dateText,
            published: "2026-11-22T10:00:00Z", isRead: false, isStarred: true, attachments: attachments,
            text: text, links: links)
    }
}
