import FeedEntities
import FeedIPC

/// What a shell completes a feed or tag argument with (docs/cli.md, "Shell completions"):
/// asked of the daemon's feed list each time the user presses Tab.
public struct CompletionCandidates {
    /// What the word being completed names.
    public enum Kind: Sendable {
        /// A feed selector: the feeds' numbers, then their titles.
        case feed
        /// A feed's number (`tidings feed show`).
        case feedNumber
        /// A tag.
        case tag
        /// A change of `tidings tag FEED`: a tag, with the `+` or `-` the word starts with.
        case tagChange
        /// A saved view's name (`list --view`, `read --view`, `view remove`).
        case view
    }

    private let daemon: any DaemonClient

    /// - Parameter daemon: a client that does not start the daemon and gives up quickly: a
    ///   completion must never hang the shell or print anything.
    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    /// The candidates for a word of `kind` that starts with `prefix` (the shell picks those
    /// that fit). Never fails: nothing when the daemon does not answer.
    public func candidates(_ kind: Kind, prefix: String) async -> [String] {
        if case .view = kind {
            guard let views = try? await daemon.call(RPC.ListViews.self, .init()).views else { return [] }
            return Self.unique(views.map { Self.word($0.name) })
        }
        guard let feeds = try? await daemon.call(RPC.ListFeeds.self, .init()).feeds else { return [] }
        switch kind {
        case .feed:
            return feeds.map { String($0.id) } + Self.unique(feeds.map { Self.word($0.title) })
        case .feedNumber:
            return feeds.map { String($0.id) }
        case .tag:
            return Self.tags(of: feeds)
        case .tagChange:
            let tags = Self.tags(of: feeds)
            guard let sign = prefix.first, sign == "+" || sign == "-" else { return tags }
            return tags.map { "\(sign)\($0)" }
        case .view:
            return []
        }
    }

    /// Every tag once (tags compare case-insensitively), sorted.
    private static func tags(of feeds: [Feed]) -> [String] {
        var seen = Set<String>()
        return feeds.flatMap(\.tags).map(word).filter { seen.insert($0.lowercased()).inserted }.sorted()
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Text from a feed as one candidate: sanitised (the shell prints it), which also puts it
    /// on one line.
    private static func word(_ text: String) -> String {
        TerminalText.sanitize(text)
    }
}
