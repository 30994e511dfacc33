import FeedEntities
import FeedIPC

/// Reads the rendered item and changes its state through the screens' daemon connection.
@MainActor
public final class ReaderArticleInteractor: ReaderArticleUseCase {
    private let daemon: ThreadedDaemonClient
    /// The connection pictures are asked on, so that a slow image never holds a key's request.
    private let pictures: ThreadedDaemonClient
    private let home: String?

    public init(daemon: ThreadedDaemonClient, pictures: ThreadedDaemonClient? = nil, home: String?) {
        self.daemon = daemon
        self.pictures = pictures ?? daemon
        self.home = home
    }

    public func picture(url: String, item: Int64, graphics: TerminalGraphics, columns: Int, rows: Int) async throws -> TerminalPicture {
        try await PictureRequest.picture(url: url, item: item, graphics: graphics, columns: columns, rows: rows, daemon: pictures)
    }

    public func imageFile(url: String, item: Int64) async throws -> String {
        let file = try await pictures.request(RPC.ImageFile.self, .init(url: url, item: item))
        guard let path = file.path else { throw ImageFileError(reason: file.error ?? "the daemon wrote no file") }
        return path
    }

    public func save(_ text: String, to path: String, replacing: Bool) throws(ArticleSaveError) -> String {
        let expanded = TextFile.expanded(path, home: home)
        try TextFile.write(text, to: expanded, replacing: replacing)
        return expanded
    }

    public func article(_ number: Int64, width: Int, text: ItemText?) async throws -> ReaderArticleContent {
        Self.content(try await daemon.request(RPC.GetItem.self, .init(number: number, width: width, shown: true, text: text)))
    }

    public func fullArticle(_ number: Int64, width: Int) async throws -> ReaderArticleContent {
        Self.content(try await daemon.request(RPC.GetArticle.self, .init(number: number, width: width, shown: true)))
    }

    private static func content(_ result: RPC.GetItem.Result) -> ReaderArticleContent {
        ReaderArticleContent(
            item: result.item, text: result.rendered?.text ?? "", links: result.rendered?.links ?? [],
            article: result.article, shown: result.text ?? .feed, images: result.rendered?.images ?? [])
    }

    public func setRead(_ number: Int64, read: Bool) async throws {
        _ = try await daemon.request(RPC.MarkRead.self, .init(numbers: [number], read: read))
    }

    public func setStarred(_ number: Int64, starred: Bool) async throws {
        _ = try await daemon.request(RPC.Star.self, .init(numbers: [number], starred: starred))
    }

    public func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String {
        try OpenTarget.of(item, enclosure: enclosure)
    }

    public func openable(_ link: String) throws(OpenTargetError) -> String {
        try OpenTarget.openable(link)
    }
}
