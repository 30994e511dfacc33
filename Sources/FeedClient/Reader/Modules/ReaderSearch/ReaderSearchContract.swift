// The search prompt (`/`): a line typed on the bottom row, over the screen it was opened
// from; Enter lists what the full-text index finds (as `tidings search` reads the query:
// words, "a phrase", prefix*, OR, -word), Esc goes back.

/// Draws the prompt.
@MainActor
public protocol ReaderSearchView: AnyObject {
    /// Draws `prompt` and the text typed so far on the last row, with the cursor after it.
    func show(prompt: String, text: String)
}

/// Checks a query before it is sent.
@MainActor
public protocol ReaderSearchUseCase: AnyObject {
    /// The query to search, or why it cannot be searched (empty, too long).
    func query(from text: String) -> Result<String, ReaderSearchRefusal>
}

/// Why a typed query is not searched.
public struct ReaderSearchRefusal: Error, Equatable, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}

/// Where the prompt goes.
@MainActor
public protocol ReaderSearchWireframe: AnyObject {
    /// Replaces the prompt with the items the query finds.
    func showResults(_ source: ItemSource) async
    /// Closes the prompt.
    func cancel() async
    /// Shows a message on the status line.
    func say(_ message: String, isError: Bool)
}
