/// Wires the article screen and goes from it to its link list or the browser.
@MainActor
public final class ReaderArticleRouter: ReaderArticleWireframe {
    private let context: ReaderContext

    init(context: ReaderContext) {
        self.context = context
    }

    /// Builds the article screen on the item numbered `number` of `list`.
    public static func assemble(number: Int64, list: any ReaderArticleList, context: ReaderContext) -> any ReaderScreen {
        ReaderArticlePresenter(
            number: number,
            view: ScreenReaderArticleView(screen: context.navigator.terminal),
            interactor: ReaderArticleInteractor(daemon: context.daemon),
            router: ReaderArticleRouter(context: context),
            list: list,
            mapper: ItemDetailMapper(clock: context.clock))
    }

    public func showLinks(_ links: [ReaderLink]) async {
        await context.navigator.push(ReaderLinksRouter.assemble(links: links, context: context))
    }

    public func openInBrowser(_ link: String) async throws {
        try await context.browser.open(link, on: context.navigator.terminal)
    }

    public func refresh(feeds: [Int64]) {
        context.navigator.refresh(feeds: feeds)
    }

    public func say(_ message: String, isError: Bool) {
        context.navigator.say(message, isError: isError)
    }
}
