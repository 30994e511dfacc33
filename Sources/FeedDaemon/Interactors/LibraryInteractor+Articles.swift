import FeedEntities
import FeedIPC

extension LibraryInteractor {
    /// An item as `items.get` and `items.next` give it: with the article kept from its page, and
    /// the text `asked` for (by default the article when one is kept, else the feed's) rendered
    /// at `width`.
    public func shown(_ item: Item, text asked: ItemText?, width: Int?) async throws -> RPC.GetItem.Result {
        shown(item, article: try await store.article(itemID: item.id), text: asked, width: width)
    }

    /// `shown(_:text:width:)` with the article already at hand (`items.article`).
    public func shown(_ item: Item, article: ItemArticle?, text asked: ItemText?, width: Int?) -> RPC.GetItem.Result {
        let text: ItemText = asked != .feed && article?.hasText == true ? .article : .feed
        let rendered = width.map { width in
            if text == .article, let article, let html = article.html {
                return render(html, min(max(width, 20), 500), article.url)
            }
            return self.rendered(item, width: width)
        }
        return RPC.GetItem.Result(item: item, rendered: rendered, article: article, text: text)
    }
}
