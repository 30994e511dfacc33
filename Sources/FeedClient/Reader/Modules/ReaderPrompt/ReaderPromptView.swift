/// Draws the prompt on the last row.
@MainActor
public final class ScreenReaderPromptView: ReaderPromptView {
    private let screen: any Screen

    public init(screen: any Screen) {
        self.screen = screen
    }

    public func show(question: String, text: String) {
        ReaderChrome.drawPrompt(question, text: text, on: screen)
    }
}
