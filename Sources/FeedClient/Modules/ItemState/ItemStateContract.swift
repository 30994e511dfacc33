import FeedEntities

// `tidings read N…|--all|--feed FEED|--view NAME`, `unread N…`, `star N…`, `unstar N…`: one module for the
// four commands, which differ only in the request they send and the words they print.

/// Writes what changed.
public protocol ItemStateView: AnyObject {
    /// Shows the outcome: its summary lines, or `{"updated","missing"}` in JSON.
    func showOutcome(_ outcome: ItemStateOutcome)
    /// Shows what failed (the request, or numbers that name no item), as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// The change a command makes.
public enum ItemStateAction: String, Equatable, Sendable, CaseIterable {
    case read, unread, star, unstar
}

/// The items a change applies to.
public enum ItemSelection: Equatable, Sendable {
    /// These item numbers (ascending, each once: `ItemNumbers.parse`).
    case numbers([Int64])
    /// Every item (`read --all`).
    case all
    /// Every item of the feed this selector names (`read --feed FEED`).
    case feed(String)
    /// Every item the saved view of this name lists (`read --view NAME`; protocol 1.18).
    case view(String)
}

/// Changing items' state.
public protocol ItemStateUseCase {
    /// Applies `action` to the selected items; the daemon applies it to the other copies of
    /// the same articles too (read state and stars belong to the article).
    /// - Returns: how many of the selected items changed and which numbers name no item.
    /// - Throws: `DaemonRefusal` (`notFound`/`ambiguous` for a feed selector, `ambiguous` also for a
    ///   title prefix under three characters; `other` when
    ///   `action` is star or unstar and `selection` is not `.numbers`, which the daemon cannot
    ///   do) or `DaemonClientError`.
    func apply(_ action: ItemStateAction, to selection: ItemSelection) async throws -> ItemStateChange
}
