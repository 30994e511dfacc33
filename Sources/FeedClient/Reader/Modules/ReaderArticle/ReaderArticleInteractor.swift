import FeedEntities
import FeedIPC

/// Reads the rendered item and changes its state through the screens' daemon connection.
@MainActor
public final class ReaderArticleInteractor: ReaderArticleUseCase {
    private let daemon: ThreadedDaemonClient
    private let home: String?

    public init(daemon: ThreadedDaemonClient, home: String?) {
        self.daemon = daemon
        self.home = home
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
            article: result.article, shown: result.text ?? .feed)
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
