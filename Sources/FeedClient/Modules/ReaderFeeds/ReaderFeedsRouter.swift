/// Wires the feeds screen and goes from it to an items screen or the search prompt.
@MainActor
public final class ReaderFeedsRouter: ReaderFeedsWireframe {
    private let context: ReaderContext

    init(context: ReaderContext) {
        self.context = context
    }

    /// Builds the feeds screen.
    public static func assemble(context: ReaderContext) -> any ReaderScreen {
        ReaderFeedsPresenter(
            view: ScreenReaderFeedsView(screen: context.navigator.terminal),
            interactor: ReaderFeedsInteractor(daemon: context.daemon, counter: context.sideDaemon),
            router: ReaderFeedsRouter(context: context))
    }

    public func showItems(_ source: ItemSource) async {
        await context.navigator.push(ReaderItemsRouter.assemble(source: source, context: context))
    }

    public func showSearch() async {
        await context.navigator.push(ReaderSearchRouter.assemble(scope: .everything, context: context))
    }

    public func refresh(feeds: [Int64]) {
        context.navigator.refresh(feeds: feeds)
    }

    public func say(_ message: String, isError: Bool) {
        context.navigator.say(message, isError: isError)
    }

    public func confirm(_ question: String, then action: @escaping @MainActor () async -> Void) {
        context.navigator.confirm(question, then: action)
    }
}
