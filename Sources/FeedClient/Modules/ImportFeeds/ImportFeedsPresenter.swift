import FeedEntities

/// Imports one file and phrases what the daemon did with it.
public final class ImportFeedsPresenter {
    private let path: String
    private let format: ImportFormat?
    private let allowCommands: Bool
    private let view: any ImportFeedsView
    private let interactor: any ImportFeedsUseCase
    private let clock: any WallClock

    /// - Parameters:
    ///   - path: the file, `-` for standard input.
    ///   - format: `--format`; `nil` lets the daemon tell.
    ///   - allowCommands: `--allow-commands`: the file's command feeds are subscribed to too.
    public init(
        path: String, format: ImportFormat?, allowCommands: Bool = false, view: any ImportFeedsView,
        interactor: any ImportFeedsUseCase, clock: any WallClock
    ) {
        self.path = path
        self.format = format
        self.allowCommands = allowCommands
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let result = try await interactor.importFeeds(from: path, format: format, allowCommands: allowCommands)
            view.showImport(report(for: result))
            return .success
        } catch DaemonClientError.unanswered {
            let failure = CommandFailure(message: Self.unanswered(path: path))
            view.showFailure(failure)
            return failure.status
        } catch {
            let source = path == "-" ? "standard input" : path
            let failure = CommandFailure(error, action: "cannot import \(source)")
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    func report(for result: ImportedFeeds) -> ImportReport {
        let now = clock.now
        return ImportReport(
            format: result.format.rawValue,
            summary: Self.summary(
                added: result.added.count, existing: result.existing.count, skipped: result.skipped.count,
                views: result.views.count, existingViews: result.existingViews.count),
            notes: result.added.compactMap(Self.commandNote(for:)) + result.skipped.map(Self.note(for:)),
            added: result.added.map { FeedRow($0, now: now, clock: clock) },
            existing: result.existing.map { FeedRow($0, now: now, clock: clock) },
            skipped: result.skipped, views: result.views.map(ViewRow.init), existingViews: result.existingViews.map(ViewRow.init))
    }


    /// `Imported 3 feeds (2 already subscribed, 1 skipped); the daemon fetches them now`; the
    /// parts in parentheses only when they are not zero. A newsboat file's query feeds are
    /// counted as saved views beside the feeds (`Imported 3 feeds and 2 saved views (1 view
    /// already there)`), when it has any.
    static func summary(added: Int, existing: Int, skipped: Int, views: Int = 0, existingViews: Int = 0) -> String {
        var details: [String] = []
        if existing > 0 { details.append("\(existing) already subscribed") }
        if existingViews > 0 { details.append("\(Counted.phrase(existingViews, "view")) already there") }
        if skipped > 0 { details.append("\(skipped) skipped") }
        var summary = "Imported \(Counted.phrase(added, "feed"))"
        if views + existingViews > 0 { summary += " and \(Counted.phrase(views, "saved view"))" }
        if !details.isEmpty { summary += " (" + details.joined(separator: ", ") + ")" }
        if added > 0 { summary += "; the daemon fetches " + (added == 1 ? "it" : "them") + " now" }
        return summary
    }

    /// The import was sent whole and the daemon stopped before answering: it commits an import
    /// all at once, so either every feed was added or none, and a second import of the same file
    /// adds only what the first did not (feeds already subscribed are left as they are).
    static func unanswered(path: String) -> String {
        let again = path == "-" ? "tidings import - < FILE" : "tidings import \(ShellWord.escaped(path))"
        return "the daemon stopped before answering; the import may have been applied: run '\(again)' again to be sure (importing twice adds nothing)"
    }

    /// `subscribed command feed 12: exec:~/bin/weather (runs at every refresh)` for a command
    /// feed the import added (only with `--allow-commands`), so that no program is subscribed
    /// to without its command being shown; `nil` for a web feed.
    static func commandNote(for feed: Feed) -> String? {
        guard FeedAddress.isCommand(feed.url) else { return nil }
        return "subscribed command feed \(feed.id): \(TextLimit.shortened(feed.url, maximumCharacters: 200)) (runs at every refresh)"
    }

    /// `skipped line 7: ftp://example.org/feed: only http and https feeds can be imported`.
    static func note(for skip: ImportSkip) -> String {
        "skipped " + (skip.location.map { "\($0): " } ?? "") + "\(skip.entry): \(skip.reason)"
    }
}
