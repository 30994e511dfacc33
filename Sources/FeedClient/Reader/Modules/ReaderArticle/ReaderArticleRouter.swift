import ChildProcess

/// Wires the article screen and goes from it to its link list, the browser or the user's own
/// programs.
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
            interactor: ReaderArticleInteractor(daemon: context.daemon, pictures: context.pictureDaemon, home: context.home),
            router: ReaderArticleRouter(context: context),
            list: list,
            mapper: ItemDetailMapper(clock: context.clock), settings: context.settings,
            graphics: { [unowned navigator = context.navigator] in navigator.terminal.graphics })
    }

    public func pipe(_ text: String, to command: [String]) async throws(CommandLaunchError) -> WaitStatus {
        try context.commands.pipe(text, to: command, on: context.navigator.terminal)
    }

    public func runAside(_ command: [String]) async throws(CommandLaunchError) -> (status: WaitStatus, output: String) {
        try await context.commands.runAside(command)
    }

    public func openImage(_ path: String) async throws(CommandLaunchError) {
        let navigator = context.navigator
        try context.commands.view(path, with: context.settings.imageViewer, on: navigator.terminal) { problem in
            navigator.say(problem, isError: true)
            navigator.present()
        }
    }

    public func deliver(_ update: @escaping @MainActor @Sendable () -> Void) {
        context.navigator.deliver(update)
    }

    public func close() async {
        await context.navigator.pop()
    }

    public func showLinks(_ links: [ReaderLink]) async {
        await context.navigator.push(ReaderLinksRouter.assemble(links: links, context: context))
    }
}
