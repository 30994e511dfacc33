import FeedEntities

// `tidings unsubscribe FEED [--json]`: remove a feed and its items.

/// Writes the outcome of an unsubscription.
public protocol UnsubscribeView: AnyObject {
    /// Shows the confirmation line on stdout; with `--json`, instead, the removed feed as it was,
    /// as one JSON document.
    func showUnsubscribed(_ message: String, feed: FeedRow)
    /// Shows why nothing was removed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reacts to what happens in the module.
public protocol UnsubscribePresentation: AnyObject {
    /// The command started; unsubscribes and shows the outcome. Never throws: failures are shown.
    func viewDidLoad() async
}

/// Unsubscribing, as the daemon does it.
public protocol UnsubscribeUseCase {
    /// Asks the daemon to remove the feed `selector` names, with its items.
    /// - Parameter selector: a feed number, URL, exact title or unambiguous title prefix.
    /// - Returns: the removed feed, with its counters as they were.
    /// - Throws: `RPCError` (`notFound`, `ambiguous`) or `DaemonClientError`.
    func unsubscribe(from selector: String) async throws -> Feed
}

/// Where the module goes next.
public protocol UnsubscribeWireframe: AnyObject {
    /// Goes to `route`.
    func navigate(to route: UnsubscribeRoute)
}

public enum UnsubscribeRoute: Equatable {
    /// Back to the shell with this status.
    case exit(ExitStatus)
}
