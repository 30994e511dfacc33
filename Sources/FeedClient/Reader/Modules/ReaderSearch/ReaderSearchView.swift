/// Draws the prompt on the last row, the text's end visible when it is wider than the row.
@MainActor
public final class ScreenReaderSearchView: ReaderSearchView {
    private let screen: any Screen

    public init(screen: any Screen) {
        self.screen = screen
    }

    public func show(prompt: String, text: String) {
        ReaderChrome.drawPrompt(prompt, text: text, on: screen)
    }
}
