import FeedEntities
import FeedIPC

extension LibraryInteractor {
    /// An item as `items.get`, `items.next` and `items.article` give it: with its kept article
    /// (read from the store unless given), and the text `asked` for (by default the article when
    /// one is kept, else the feed's) rendered at `width`.
    public func shown(
        _ item: Item, article: ItemArticle??, text asked: ItemText?, width: Int?
    ) async throws -> RPC.GetItem.Result {
        let kept: ItemArticle?
        if let article { kept = article } else { kept = try await store.article(itemID: item.id) }
        let text: ItemText = switch asked {
        case .feed?: .feed
        case .article?, nil: kept?.hasText == true ? .article : .feed
        }
        let shownText = width.map { width in
            if text == .article, let article = kept, let html = article.html {
                return render(html, min(max(width, 20), 500), article.url)
            }
            return self.rendered(item, width: width)
        }
        return RPC.GetItem.Result(item: item, rendered: shownText, article: kept, text: text)
    }
}
