import FeedEntities

/// Runs the maintenance and shows its report: maps `MaintenanceResult` to a `MaintenanceReport`
/// with counts, sizes and times for people, and ends with failure when the database has problems.
public final class RunMaintenancePresenter {
    private let view: any RunMaintenanceView
    private let interactor: any RunMaintenanceUseCase
    private let vacuum: Bool
    private let retention: Bool

    /// - Parameters:
    ///   - vacuum: rebuild the file (`--no-vacuum` turns it off).
    ///   - retention: apply the config's retention (`--retention`).
    public init(
        view: any RunMaintenanceView, interactor: any RunMaintenanceUseCase, vacuum: Bool, retention: Bool
    ) {
        self.view = view
        self.interactor = interactor
        self.vacuum = vacuum
        self.retention = retention
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let result = try await interactor.maintain(vacuum: vacuum, retention: retention)
            view.showReport(report(for: result))
            if result.isSound {
                return .success
            } else {
                view.showFailure(CommandFailure(
                    message: Self.unsoundMessage(problems: result.problems.count, restoreAdvice: result.restoreAdvice)))
                return .failure
            }
        } catch {
            let failure = CommandFailure(error, action: "cannot maintain the database")
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    /// What to do about a damaged database, after the report: restore the newest backup when
    /// the daemon names one (it then writes nothing more to the file), else the manual way.
    static func unsoundMessage(problems: Int, restoreAdvice: String? = nil) -> String {
        let found = "the database failed its integrity check (\(Self.count(problems, "problem"))); nothing was deleted or rewritten"
        if let restoreAdvice {
            return found + ", and tidingsd writes nothing more to it; " + restoreAdvice
        }
        return found + ": stop the daemon, keep a copy of the database file, and see docs/cli.md"
    }

    func report(for result: MaintenanceResult) -> MaintenanceReport {
        let skipped = "skipped: the database has problems"
        let retentionText =
            if result.retentionApplied { Self.count(result.itemsDeleted, "item") + " deleted" }
            else if !retention { "not asked (--retention)" } else { skipped }
        let vacuumText = if result.vacuumed { "done" } else if !vacuum { "not asked (--no-vacuum)" } else { skipped }
        let before = StatusPresenter.byteCount(result.bytesBefore)
        let after = StatusPresenter.byteCount(result.bytesAfter)
        return MaintenanceReport(
            isSound: result.isSound,
            problems: result.problems,
            integrityText: result.isSound ? "ok" : Self.count(result.problems.count, "problem"),
            retentionApplied: result.retentionApplied,
            itemsDeleted: result.itemsDeleted,
            retentionText: retentionText,
            vacuumed: result.vacuumed,
            vacuumText: vacuumText,
            bytesBefore: result.bytesBefore,
            bytesAfter: result.bytesAfter,
            sizeText: before == after ? before : "\(before) before, \(after) after",
            durationMilliseconds: result.durationMilliseconds,
            durationText: Self.duration(milliseconds: result.durationMilliseconds),
            restoreAdvice: result.restoreAdvice)
    }

    /// `1 item`, `20 items`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `340 ms` under a second, `12.5 s` under a minute, then `3 min 5 s`.
    static func duration(milliseconds: Int64) -> String {
        let milliseconds = max(0, milliseconds)
        switch milliseconds {
        case ..<1000: return "\(milliseconds) ms"
        case ..<60_000:
            let tenths = (milliseconds + 50) / 100
            return tenths >= 600 ? "1 min" : "\(tenths / 10).\(tenths % 10) s"
        default:
            let seconds = (milliseconds + 500) / 1000
            return "\(seconds / 60) min" + (seconds % 60 == 0 ? "" : " \(seconds % 60) s")
        }
    }
}
