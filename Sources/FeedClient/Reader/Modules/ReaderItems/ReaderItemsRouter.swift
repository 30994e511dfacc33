/// Wires an items screen and goes from it to an article, the search prompt or the browser.
@MainActor
public final class ReaderItemsRouter: ReaderItemsWireframe, ReaderContextRouting {
    public let context: ReaderContext

    init(context: ReaderContext) {
        self.context = context
    }

    /// Builds the items screen for `source`; `listings` is the feeds screen it came from, for
    /// going on to the next feed (`nil` for search results).
    public static func assemble(source: ItemSource, listings: (any ReaderListingSequence)?, context: ReaderContext) -> any ReaderScreen {
        ReaderItemsPresenter(
            source: source, listings: listings,
            view: ScreenReaderItemsView(screen: context.navigator.terminal, format: context.settings.itemFormat),
            interactor: ReaderItemsInteractor(daemon: context.daemon),
            router: ReaderItemsRouter(context: context),
            mapper: ItemRowMapper(clock: context.clock, dateFormat: context.settings.dateFormat), settings: context.settings)
    }

    public func showArticle(_ number: Int64, list: any ReaderArticleList) async {
        await context.navigator.push(ReaderArticleRouter.assemble(number: number, list: list, context: context))
    }

    public func showSearch(within scope: ItemSource.SearchScope) async {
        await context.navigator.push(ReaderSearchRouter.assemble(scope: scope, context: context))
    }
}
