import FeedEntities

// `f`: the whole article of the item's page, or the feed's text again. The daemon keeps an
// article once extracted, so the switch back and forth costs a round trip, not a fetch.
extension ReaderArticlePresenter {
    func toggleFullText() async {
        guard let current = content else { return }
        let width = view.textColumns
        do {
            let loaded: ReaderArticleContent
            if current.shown == .article {
                loaded = try await interactor.article(number, width: width, text: .feed)
                chosenText = .feed
            } else if current.article?.hasText == true {
                loaded = try await interactor.article(number, width: width, text: .article)
                chosenText = .article
            } else {
                router.say("Fetching the article of its page…", isError: false)
                loaded = try await interactor.fullArticle(number, width: width)
                chosenText = .article
            }
            var shown = loaded
            // The state changed here (read, starred) stays what this screen made it.
            shown.item.isRead = current.item.isRead
            shown.item.isStarred = current.item.isStarred
            content = shown
            renderedWidth = width
            top = 0
            contentDidChange()
            if let problem = Self.missingArticle(shown) {
                router.say(problem, isError: true)
            } else {
                router.say(shown.shown == .article ? "The page's article" : "The feed's text", isError: false)
            }
        } catch {
            router.say(CommandFailure(error, action: "cannot fetch the article of item \(number)").message, isError: true)
        }
    }

    /// Why the page's article asked for is not shown, or `nil` when it is (or was not asked for).
    static func missingArticle(_ content: ReaderArticleContent) -> String? {
        guard content.shown == .feed, let article = content.article, article.status != .extracted else { return nil }
        switch article.status {
        case .extracted: return nil
        case .noArticle: return "No article in the page: \(article.error ?? "none found")"
        case .failed: return "The page could not be fetched: \(article.error ?? "failed")"
        }
    }
}
