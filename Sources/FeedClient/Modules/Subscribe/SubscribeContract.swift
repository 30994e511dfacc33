import FeedEntities

// `tidings subscribe URL`: add a feed.

/// Writes the outcome of a subscription.
public protocol SubscribeView: AnyObject {
    /// Shows the confirmation line on stdout.
    func showSubscribed(_ message: String)
    /// Shows why nothing was subscribed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reacts to what happens in the module.
public protocol SubscribePresentation: AnyObject {
    /// The command started; subscribes and shows the outcome. Never throws: failures are shown.
    func viewDidLoad() async
}

/// Subscribing, as the daemon does it.
public protocol SubscribeUseCase {
    /// Asks the daemon to fetch `url` once and store it as a feed.
    /// - Returns: the stored feed; its `itemCount` is the number of items stored from the fetch.
    /// - Throws: `RPCError` from the daemon (fetch failed, not a feed, already subscribed) or
    ///   `DaemonClientError`. Nothing is stored when it throws.
    func subscribe(to url: String) async throws -> Feed
}

/// Where the module goes next.
public protocol SubscribeWireframe: AnyObject {
    /// Goes to `route`.
    func navigate(to route: SubscribeRoute)
}

public enum SubscribeRoute: Equatable {
    /// Back to the shell with this status.
    case exit(ExitStatus)
}
