import FeedEntities

/// Stops the daemon and phrases the outcome.
public final class StopDaemonPresenter {
    private let view: any StopDaemonView
    private let interactor: any StopDaemonUseCase

    public init(view: any StopDaemonView, interactor: any StopDaemonUseCase) {
        self.view = view
        self.interactor = interactor
    }

    public func viewDidLoad() async -> ExitStatus {
        do {
            switch try await interactor.stop() {
            case .stopped(let pid):
                view.showStopped("Stopped tidingsd (pid \(pid))")
                return .success
            case .notRunning:
                view.showStopped("tidingsd is not running")
                return .success
            case .stillRunning(let pid, let seconds):
                return fail(CommandFailure(message: "tidingsd (pid \(pid)) was asked to stop and still runs after \(seconds) s; 'kill \(pid)' ends it"))
            }
        } catch DaemonRefusal.unsupported {
            return fail(CommandFailure(message: "the running tidingsd predates 'tidings stop' (protocol 1.15): stop it with kill, or restart it with the installed one"))
        } catch {
            return fail(CommandFailure(error, action: "cannot stop tidingsd"))
        }
    }

    private func fail(_ failure: CommandFailure) -> ExitStatus {
        view.showFailure(failure)
        return failure.status
    }
}
