/// Wires the search prompt and turns it into its results.
@MainActor
public final class ReaderSearchRouter: ReaderSearchWireframe, ReaderContextRouting {
    public let context: ReaderContext

    init(context: ReaderContext) {
        self.context = context
    }

    /// Builds the prompt searching within `scope`.
    public static func assemble(scope: ItemSource.SearchScope, context: ReaderContext) -> any ReaderScreen {
        ReaderSearchPresenter(
            scope: scope, view: ScreenReaderSearchView(screen: context.navigator.terminal),
            interactor: ReaderSearchInteractor(), router: ReaderSearchRouter(context: context))
    }

    public func showResults(_ source: ItemSource) async {
        context.navigator.terminal.placeCursor(at: nil)
        await context.navigator.replaceTop(with: ReaderItemsRouter.assemble(source: source, listings: nil, context: context))
    }

    public func cancel() async {
        context.navigator.terminal.placeCursor(at: nil)
        await context.navigator.pop()
    }
}
