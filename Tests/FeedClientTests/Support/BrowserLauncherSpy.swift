@testable import FeedClient

/// Records what would have been opened instead of starting anything.
final class BrowserLauncherSpy: BrowserLauncher {
    private(set) var opened: [(url: String, commands: [BrowserCommand])] = []
    var error: BrowserLaunchError?

    func open(_ url: String, with commands: [BrowserCommand]) throws -> BrowserCommand {
        opened.append((url, commands))
        if let error { throw error }
        return commands[0]
    }
}
