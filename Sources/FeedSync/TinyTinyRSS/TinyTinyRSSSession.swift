import Synchronization

/// The session id of tt-rss's API, kept for the daemon's lifetime and opened again when the
/// service answers `NOT_LOGGED_IN` (it expired, or the user's password changed). tt-rss binds a
/// session to the client's user agent, which is why every call carries the same one.
final class TinyTinyRSSSession: Sendable {
    private let id = Mutex<String?>(nil)

    var current: String? { id.withLock { $0 } }

    func set(_ session: String?) {
        id.withLock { $0 = session }
    }
}
