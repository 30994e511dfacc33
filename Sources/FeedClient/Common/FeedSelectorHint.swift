import FeedEntities
import FeedIPC

/// `tidings list -f news` where no feed matches `news` but feeds are tagged `news`: the
/// daemon's "no feed matches" gets `; did you mean --tag news?` appended.
enum FeedSelectorHint {
    /// The tag spelled like `selector` (tags compare case-insensitively) that a feed has, as
    /// the daemon spells it; `nil` when no feed has it, or on any failure: the hint is a
    /// courtesy, and the error it is added to says what went wrong.
    static func tag(like selector: String, daemon: any DaemonClient) async -> String? {
        guard let feeds = try? await daemon.call(RPC.ListFeeds.self, .init()).feeds else { return nil }
        let wanted = selector.lowercased()
        return feeds.lazy.flatMap(\.tags).first { $0.lowercased() == wanted }
    }

    /// `failure`, caused by `error` for a query with feed selector `feed`, with `; did you mean
    /// --tag news?` appended when the selector named no feed and `tag(feed)` finds it is a tag.
    static func hinted(
        _ failure: CommandFailure, for error: any Error, feed: String?, tag: (String) async -> String?
    ) async -> CommandFailure {
        guard let feed, case .notFound? = error as? DaemonRefusal, let tag = await tag(feed) else {
            return failure
        }
        var hinted = failure
        hinted.message += "; did you mean --tag \(ShellWord.quoted(tag))?"
        return hinted
    }
}
