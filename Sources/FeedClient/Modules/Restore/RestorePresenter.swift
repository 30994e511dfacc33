import FeedEntities

/// Restores a backup and phrases what the daemon did, or why the backup was refused.
public final class RestorePresenter {
    private let backup: String
    private let view: any RestoreView
    private let interactor: any RestoreUseCase

    /// - Parameter backup: the backup, an absolute path.
    public init(backup: String, view: any RestoreView, interactor: any RestoreUseCase) {
        self.backup = backup
        self.view = view
        self.interactor = interactor
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            switch try await interactor.restore(backup: backup) {
            case .live(let result):
                view.showRestored(Self.report(result))
                return .success
            case .offline(let restored):
                // `tidingsd restore` has said what it did, or why not.
                return restored ? .success : .failure
            }
        } catch DaemonRefusal.restoreRefused(let message) {
            // The daemon's message names the backup and the reason.
            return fail(CommandFailure(message: "\(message); nothing was changed"))
        } catch DaemonRefusal.unsupported {
            return fail(CommandFailure(message: "the running daemon is too old to restore (protocol before 1.7); stop it and run 'tidings restore' again"))
        } catch {
            return fail(CommandFailure(error, action: "cannot restore from \(backup)"))
        }
    }

    private func fail(_ failure: CommandFailure) -> ExitStatus {
        view.showFailure(failure)
        return failure.status
    }

    // MARK: - Mapping

    /// The lines `tidingsd restore` prints too, for a restore the daemon did live.
    static func report(_ result: RestoreReport) -> [String] {
        var lines = ["Checked \(result.backupPath): integrity ok, schema \(result.backupSchemaVersion)"]
        if let kept = result.replacedCopy { lines.append("Kept the database it replaces as \(kept)") }
        var restored = "Restored \(result.databasePath) from \(result.backupPath): "
            + "\(Counted.phrase(result.feeds, "feed")), \(Counted.phrase(result.items, "item")), schema \(result.schemaVersion)"
        if result.schemaVersion != result.backupSchemaVersion {
            restored += " (migrated from \(result.backupSchemaVersion)"
            restored += result.migrationBackup.map { ", copied to \($0) first)" } ?? ")"
        }
        lines.append(restored)
        return lines
    }
}
