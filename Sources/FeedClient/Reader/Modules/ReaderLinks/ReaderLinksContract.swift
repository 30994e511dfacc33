// The article's link list (`u`, newsboat's `show-urls`): its link, enclosures and the
// references in its text, one per row, to open any of them in the browser.

/// Draws the link list.
@MainActor
public protocol ReaderLinksView: AnyObject {
    /// Rows the list has room for at the screen's size now.
    var listRows: Int { get }
    /// Draws the links from the cursor's window on every row but the last.
    func show(_ links: [ReaderLink], cursor: ListCursor)
}

/// Which links may be opened.
@MainActor
public protocol ReaderLinksUseCase: AnyObject {
    /// `link` without surrounding white space, when a browser may be given it.
    /// - Throws: `OpenTargetError.refused` when it is not an http(s) link.
    func openable(_ link: String) throws(OpenTargetError) -> String
}

/// Where the link list goes: the browser.
@MainActor
public protocol ReaderLinksWireframe: AnyObject {
    /// Opens `link` in the browser and returns once it is open; a terminal browser has the
    /// terminal until it exits, a graphical one is waited for off the main actor.
    /// - Throws: `BrowserLaunchError` or `ClientSettingsError`.
    func openInBrowser(_ link: String) async throws
    /// Shows a message on the status line.
    func say(_ message: String, isError: Bool)
}
