/// What the screens' Routers do alike: they reach the shell (status line, refreshes,
/// questions) and the browser through the `ReaderContext` they were built with. Each Router
/// keeps only its own routes; these come with the conformance.
@MainActor
public protocol ReaderContextRouting: AnyObject {
    /// The shell, connections and browser the module was built with.
    var context: ReaderContext { get }
}

extension ReaderContextRouting {
    /// Shows a message on the status line until the next key.
    public func say(_ message: String, isError: Bool) {
        context.navigator.say(message, isError: isError)
    }

    /// Starts refreshing `feeds` in the background (every feed when empty).
    public func refresh(feeds: [Int64]) {
        context.navigator.refresh(feeds: feeds)
    }

    /// Asks `question` on the status line; `y` runs `action`.
    public func confirm(_ question: String, then action: @escaping @MainActor () async -> Void) {
        context.navigator.confirm(question, then: action)
    }

    /// Asks `question` on the bottom line; Enter runs `answer` with the line typed (it starts as
    /// `initial`), once the prompt has closed.
    public func ask(_ question: String, initial: String, then answer: @escaping @MainActor (String) async -> Void) async {
        await context.navigator.push(ReaderPromptRouter.assemble(question: question, initial: initial, context: context, answer: answer))
    }

    /// Opens `link` in the browser (`ReaderBrowser`: the terminal for a text browser).
    /// - Throws: `BrowserLaunchError` or `ClientSettingsError`.
    public func openInBrowser(_ link: String) async throws {
        try await context.browser.open(link, on: context.navigator.terminal)
    }
}
