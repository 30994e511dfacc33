import FeedEntities

// `tidings open [N] [--enclosure]`: open an item's link (or first enclosure) in the browser and
// mark the item read; without N, the newest unread item.

/// Writes what went wrong; a successful open prints nothing (the browser is the output).
public protocol OpenItemView: AnyObject {
    /// Shows why the item was not opened, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Which item to open, and what of it.
public struct OpenItemRequest: Equatable, Sendable {
    /// The item's number; the newest unread item when `nil`.
    public var number: Int64?
    /// Open the item's first enclosure (a podcast episode, say) instead of its link.
    public var opensEnclosure: Bool

    public init(number: Int64?, opensEnclosure: Bool = false) {
        self.number = number
        self.opensEnclosure = opensEnclosure
    }
}

/// Reading and updating the item.
public protocol OpenItemUseCase {
    /// The item numbered `number`, with its content.
    /// - Throws: `DaemonRefusal.notFound` for an unknown number, or `DaemonClientError`.
    func item(number: Int64) async throws -> Item

    /// The newest unread item (without its content, with its link and enclosures); `nil` when
    /// every item is read.
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func newestUnreadItem() async throws -> Item?

    /// The config file's `browser` setting; `nil` when it is unset or empty.
    /// - Throws: `ClientSettingsError` when the file cannot be trusted or the value read.
    func configuredBrowser() async throws -> String?

    /// What opening `item` opens: its link, or with `enclosure` its first enclosure's URL,
    /// when the link policy allows it (`OpenTarget`).
    /// - Throws: `OpenTargetError` when there is none or it may not be opened.
    func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String

    /// Marks the item read.
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func markRead(number: Int64) async throws
}

/// Where the module goes next: the browser (the presenter's answer then ends the command).
public protocol OpenItemWireframe: AnyObject {
    /// Goes to `route`; returns once the browser has exited.
    /// - Throws: `BrowserLaunchError` when the browser could not be started or failed.
    func navigate(to route: OpenItemRoute) throws
}

public enum OpenItemRoute: Equatable {
    /// The link in a browser: the configured one, else `$BROWSER`, else `xdg-open`.
    case browser(link: String, configuredBrowser: String?)
}
