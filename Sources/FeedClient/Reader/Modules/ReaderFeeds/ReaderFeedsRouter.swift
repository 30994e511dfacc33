/// Wires the feeds screen and goes from it to an items screen or the search prompt.
@MainActor
public final class ReaderFeedsRouter: ReaderFeedsWireframe, ReaderContextRouting {
    public let context: ReaderContext

    init(context: ReaderContext) {
        self.context = context
    }

    /// Builds the feeds screen, on `interactor` when one was made (and asked) before the
    /// reader had the terminal.
    public static func assemble(context: ReaderContext, interactor: ReaderFeedsInteractor? = nil) -> any ReaderScreen {
        ReaderFeedsPresenter(
            view: ScreenReaderFeedsView(screen: context.navigator.terminal, format: context.settings.feedFormat),
            interactor: interactor ?? ReaderFeedsInteractor(daemon: context.daemon, counter: context.sideDaemon),
            router: ReaderFeedsRouter(context: context), clock: context.clock, showsReadFeeds: context.settings.showsReadFeeds)
    }

    public func showItems(_ source: ItemSource, listings: any ReaderListingSequence) async {
        await context.navigator.push(ReaderItemsRouter.assemble(source: source, listings: listings, context: context))
    }

    public func showSearch() async {
        await context.navigator.push(ReaderSearchRouter.assemble(scope: .everything, context: context))
    }

    public func deliver(_ update: @escaping @MainActor @Sendable () -> Void) {
        context.navigator.deliver(update)
    }
}
