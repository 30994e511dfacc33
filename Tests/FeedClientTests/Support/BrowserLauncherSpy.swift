@testable import FeedClient

/// Records what would have been opened instead of starting anything.
final class BrowserLauncherSpy: BrowserLauncher, @unchecked Sendable {
    // @unchecked: tests call it from one task at a time.
    private(set) var opened: [(url: String, commands: [BrowserCommand])] = []
    private(set) var streams: [BrowserStreams] = []
    var error: BrowserLaunchError?

    func open(_ url: String, with commands: [BrowserCommand], streams: BrowserStreams) throws -> BrowserCommand {
        opened.append((url, commands))
        self.streams.append(streams)
        if let error { throw error }
        return commands[0]
    }
}
