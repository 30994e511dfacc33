/// Why a link was not opened.
public enum BrowserLaunchError: Error, Equatable, Sendable {
    /// `LinkPolicy` refused the link; nothing was started.
    case refusedLink(String, reason: String)
    /// None of the commands could be started.
    case noBrowserStarted(tried: [String], reason: String)
    /// The browser ran and exited with a non-zero status.
    case browserFailed(program: String, status: Int32)
    /// The browser was killed by a signal.
    case browserKilled(program: String, signal: Int32)
}
