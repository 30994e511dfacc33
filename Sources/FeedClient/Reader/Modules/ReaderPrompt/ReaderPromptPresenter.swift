/// Edits the answer and hands it over: on Enter the prompt closes first, then `answer` runs
/// with the text as typed (the screen below acts on it, and may ask again).
@MainActor
public final class ReaderPromptPresenter: ReaderScreen {
    private let question: String
    private let view: any ReaderPromptView
    private let router: any ReaderPromptWireframe
    private let answer: @MainActor (String) async -> Void
    private var line: LineEditor

    public init(
        question: String, initial: String, view: any ReaderPromptView, router: any ReaderPromptWireframe,
        answer: @escaping @MainActor (String) async -> Void
    ) {
        self.question = question
        self.view = view
        self.router = router
        self.answer = answer
        line = LineEditor(text: initial)
    }

    var text: String { line.text }

    public var isOverlay: Bool { true }

    public var hintedActions: [ReaderAction] { [] }

    public func screenWillAppear() async { redraw() }

    public func dataDidChange() async {}

    public func redraw() {
        view.show(question: question, text: line.text)
    }

    /// Every key is the prompt's.
    public func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        switch line.handle(key) {
        case .editing:
            redraw()
        case .submitted:
            await router.close()
            await answer(line.text)
        case .cancelled:
            await router.close()
            router.say("Cancelled", isError: false)
        }
        return true
    }
}
