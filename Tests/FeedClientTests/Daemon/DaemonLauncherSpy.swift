@testable import FeedClient

/// Records launches and does what the test says: answer, throw, or run `onLaunch` first (e.g.
/// put a listening socket where the client looks).
final class DaemonLauncherSpy: DaemonLauncher {
    var outcome: DaemonLaunchOutcome = .started(logPath: "/state/tidings/tidingsd.log")
    var error: DaemonLaunchError?
    var onLaunch: (String) throws -> Void = { _ in }
    private(set) var launchedSockets: [String] = []

    func launch(socketPath: String) throws -> DaemonLaunchOutcome {
        launchedSockets.append(socketPath)
        if let error { throw error }
        try onLaunch(socketPath)
        return outcome
    }
}
