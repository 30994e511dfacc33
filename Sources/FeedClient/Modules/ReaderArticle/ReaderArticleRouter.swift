/// Wires the article screen and goes from it to its link list or the browser.
@MainActor
public final class ReaderArticleRouter: ReaderArticleWireframe, ReaderContextRouting {
    public let context: ReaderContext

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

    public func close() async {
        await context.navigator.pop()
    }

    public func showLinks(_ links: [ReaderLink]) async {
        await context.navigator.push(ReaderLinksRouter.assemble(links: links, context: context))
    }
}
