import FeedEntities

/// Syncs or reads where syncing stands, and shows it: maps `SyncStatus` to a
/// `SyncStatusReport`, and ends with failure when the sync ended with an error.
public final class SyncPresenter {
    private let view: any SyncView
    private let interactor: any SyncUseCase
    private let clock: any WallClock
    private let action: SyncAction

    public init(view: any SyncView, interactor: any SyncUseCase, clock: any WallClock, action: SyncAction) {
        self.view = view
        self.interactor = interactor
        self.clock = clock
        self.action = action
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        switch action {
        case .run(let full): await run(full: full)
        case .showStatus: await showStatus()
        }
    }

    // MARK: - Actions

    private func run(full: Bool) async -> ExitStatus {
        let action = "cannot sync"
        do {
            let status = try await interactor.sync(full: full)
            view.showStatus(report(for: status))
            guard let error = status.lastError, !error.isEmpty else { return .success }
            // After the report, which says what waits: nothing the sync could not do is lost.
            view.showFailure(CommandFailure(message: "the sync failed: \(error)"))
            return .failure
        } catch DaemonRefusal.syncNotConfigured {
            view.showFailure(CommandFailure(message: Self.notConfiguredMessage(configPath: await interactor.configPath())))
            return .failure
        } catch {
            return fail(error, action: action)
        }
    }

    private func showStatus() async -> ExitStatus {
        let status: SyncStatus
        do {
            status = try await interactor.status()
        } catch DaemonRefusal.syncNotConfigured {
            status = SyncStatus()
        } catch {
            return fail(error, action: "cannot read the sync status")
        }
        guard status.service != nil else {
            // Not an error: the status of no sync is that there is none.
            view.showNotConfigured(Self.notConfiguredNote(configPath: await interactor.configPath()), report: report(for: status))
            return .success
        }
        view.showStatus(report(for: status))
        return .success
    }

    private func fail(_ error: any Error, action: String) -> ExitStatus {
        let failure =
            if case .unsupported? = error as? DaemonRefusal {
                CommandFailure(message: "\(action): the daemon is older than this tidings and cannot sync; restart it")
            } else {
                CommandFailure(error, action: action)
            }
        view.showFailure(failure)
        return failure.status
    }

    // MARK: - Mapping

    func report(for status: SyncStatus) -> SyncStatusReport {
        SyncStatusReport(status, now: clock.now, clock: clock)
    }

    /// `no sync service in the config: add a 'sync:' section to /home/u/.config/tidings/config.yaml (see docs/cli.md)`.
    static func notConfiguredMessage(configPath: String?) -> String {
        "no sync service in the config: add a 'sync:' section to \(configPath ?? "the daemon's config.yaml") (see docs/cli.md)"
    }

    /// What `--status` says when there is no service: the same, as a note.
    static func notConfiguredNote(configPath: String?) -> String {
        "No sync service configured; add a 'sync:' section to \(configPath ?? "the daemon's config.yaml") to sync (see docs/cli.md)."
    }
}
