import FeedEntities

/// Changes a feed's settings if asked to, then shows them.
public final class ChangeFeedSettingsPresenter {
    private let selector: String
    private let change: FeedSettingsChange
    private let view: any ChangeFeedSettingsView
    private let interactor: any ChangeFeedSettingsUseCase
    private let clock: any WallClock

    public init(
        selector: String, change: FeedSettingsChange, view: any ChangeFeedSettingsView,
        interactor: any ChangeFeedSettingsUseCase, clock: any WallClock
    ) {
        self.selector = selector
        self.change = change
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let feed = try await interactor.changeSettings(ofFeed: selector, change)
            view.showSettings(Self.lines(of: feed.settings), feed: FeedRow(feed, now: clock.now, clock: clock))
            return .success
        } catch {
            let failure = Self.failure(error, feed: selector, reading: change.isReading)
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    static func lines(of settings: FeedSettings) -> [FeedSettingLine] {
        settings.lines.map { FeedSettingLine(key: $0.key, value: $0.value) }
    }

    /// `cannot change the settings of feed 3: bad value for `interval`: …`; a daemon that does
    /// not know the method is older than this client, which says how to mend it.
    static func failure(_ error: any Error, feed: String, reading: Bool) -> CommandFailure {
        let action = "cannot \(reading ? "show" : "change") the settings of feed \(Int64(feed) != nil ? feed : "'\(feed)'")"
        if case .unsupported? = error as? DaemonRefusal {
            return CommandFailure(message: "\(action): the daemon is older than this tidings and has no feed settings; restart it")
        }
        return CommandFailure(error, action: action)
    }
}
