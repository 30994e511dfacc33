import FeedEntities

/// What the shell hears, in one stream, in order.
enum ReaderEvent: Sendable {
    case terminal(TerminalEvent)
    case newItems([Item])
    /// The pause after new items is over: the screens update once for all that came meanwhile.
    case newItemsSettled
    case watchEnded(String?)
    case refreshProgress(ReaderRefreshProgress)
    case refreshFinished(Result<ReaderRefreshSummary, ReaderRefreshFailure>)
    /// A screen's answer that came on its own time (`ReaderNavigator.deliver`).
    case update(@MainActor @Sendable () -> Void)
}
