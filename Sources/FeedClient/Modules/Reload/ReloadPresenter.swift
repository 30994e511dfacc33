import FeedEntities

/// Has the daemon reload its configuration and phrases the outcome: what is in force now, or why
/// the file was refused; then what in the reader's own settings it would refuse.
public final class ReloadPresenter {
    private let view: any ReloadView
    private let interactor: any ReloadUseCase

    public init(view: any ReloadView, interactor: any ReloadUseCase) {
        self.view = view
        self.interactor = interactor
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let result = try await interactor.reload()
            view.showReloaded(Self.confirmation(for: result))
            if let problem = interactor.readerSettingsProblem() {
                return fail(CommandFailure(message: "the reader will not open until this is mended: \(problem)"))
            }
            return .success
        } catch DaemonRefusal.configurationRefused(let message) {
            // The daemon's message names the file, the line and the key.
            return fail(CommandFailure(message: "configuration not reloaded, the daemon keeps its current one: \(message)"))
        } catch {
            return fail(CommandFailure(error, action: "cannot reload the configuration"))
        }
    }

    private func fail(_ failure: CommandFailure) -> ExitStatus {
        view.showFailure(failure)
        return failure.status
    }

    // MARK: - Mapping

    /// `Reloaded /home/u/.config/tidings/config.yaml: 3 rules, 1 hook, refresh every 30 min
    /// (changed: refresh_interval 1800 → 600)`, `… (nothing changed)`.
    static func confirmation(for result: ReloadedConfiguration) -> String {
        var settings = [Counted.phrase(result.rules, "rule"), Counted.phrase(result.hooks, "hook")]
        if result.notify { settings.append("notifications on") }
        settings.append("refresh every " + DateText.duration(Int64(result.refreshInterval)))
        let changes = result.changes.isEmpty ? "nothing changed" : "changed: " + result.changes.joined(separator: ", ")
        return "Reloaded \(result.configPath): \(settings.joined(separator: ", ")) (\(changes))"
    }
}
