import FeedEntities
import FeedIPC

// `tidings show N [--json] [--no-mark]`: one item's header and content, then mark it read.

/// Writes the article.
public protocol ShowItemView: AnyObject {
    /// Shows the item: a header, the rendered text and the link references (through the pager
    /// when it is taller than the terminal), or one JSON document.
    func showItem(_ detail: ItemDetail)
    /// Shows why the item could not be shown or marked read, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reacts to what happens in the module.
public protocol ShowItemPresentation: AnyObject {
    /// The command started; shows the item, then marks it read. Never throws: failures are shown.
    func viewDidLoad() async
}

/// What to show.
public struct ShowItemRequest: Equatable, Sendable {
    /// The item's number.
    public var number: Int64
    /// Mark the item read once it was shown (`--no-mark` turns this off).
    public var marksRead: Bool
    /// Columns the daemon wraps the content at: the terminal's width.
    public var width: Int

    public init(number: Int64, marksRead: Bool = true, width: Int) {
        self.number = number
        self.marksRead = marksRead
        self.width = width
    }
}

/// Reading the item and updating its state.
public protocol ShowItemUseCase {
    /// The item numbered `number` with its content rendered as text `width` columns wide
    /// (`rendered` is `nil` only from a daemon that cannot render).
    /// - Throws: `RPCError` with code `notFound` for an unknown number, or `DaemonClientError`.
    func item(number: Int64, width: Int) async throws -> RPC.GetItem.Result

    /// Marks the item read.
    /// - Throws: `RPCError` or `DaemonClientError`.
    func markRead(number: Int64) async throws
}

/// Where the module goes next.
public protocol ShowItemWireframe: AnyObject {
    /// Goes to `route`.
    func navigate(to route: ShowItemRoute)
}

public enum ShowItemRoute: Equatable {
    /// Back to the shell with this status.
    case exit(ExitStatus)
}
