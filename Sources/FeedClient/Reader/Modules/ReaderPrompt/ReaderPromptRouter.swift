/// Wires a prompt and closes it.
@MainActor
public final class ReaderPromptRouter: ReaderPromptWireframe, ReaderContextRouting {
    public let context: ReaderContext

    init(context: ReaderContext) {
        self.context = context
    }

    /// Builds the prompt asking `question`, its line starting as `initial`.
    public static func assemble(
        question: String, initial: String, context: ReaderContext, answer: @escaping @MainActor (String) async -> Void
    ) -> any ReaderScreen {
        ReaderPromptPresenter(
            question: question, initial: initial, view: ScreenReaderPromptView(screen: context.navigator.terminal),
            router: ReaderPromptRouter(context: context), answer: answer)
    }

    public func close() async {
        context.navigator.terminal.placeCursor(at: nil)
        await context.navigator.pop()
    }
}
