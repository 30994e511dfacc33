// A question on the bottom line, answered with a line of text: the article's find (`/`), the
// link number (`#`), the file to save an article to. Over the screen it was asked from; Enter
// answers, Esc cancels.

/// Draws the prompt.
@MainActor
public protocol ReaderPromptView: AnyObject {
    /// Draws `question` and the text typed so far on the last row, with the cursor after it.
    func show(question: String, text: String)
}

/// Where the prompt goes.
@MainActor
public protocol ReaderPromptWireframe: AnyObject {
    /// Closes the prompt: the screen it was asked from is on top again.
    func close() async
    /// Shows a message on the status line.
    func say(_ message: String, isError: Bool)
}
