/// Wires the link list and opens links in the browser.
@MainActor
public final class ReaderLinksRouter: ReaderLinksWireframe, ReaderContextRouting {
    public let context: ReaderContext

    init(context: ReaderContext) {
        self.context = context
    }

    /// Builds the link list of `links`.
    public static func assemble(links: [ReaderLink], context: ReaderContext) -> any ReaderScreen {
        ReaderLinksPresenter(
            links: links, view: ScreenReaderLinksView(screen: context.navigator.terminal),
            interactor: ReaderLinksInteractor(), router: ReaderLinksRouter(context: context))
    }
}
