import Synchronization

/// The Google Reader API's two tokens, kept for the daemon's lifetime: `Auth` from
/// `ClientLogin`, sent with every call, and the `T` token that every POST must carry. Either
/// is fetched again when the service stops accepting it.
final class GoogleReaderSession: Sendable {
    private struct Tokens {
        var auth: String?
        var edit: String?
    }

    private let tokens = Mutex(Tokens())

    var auth: String? { tokens.withLock { $0.auth } }
    var edit: String? { tokens.withLock { $0.edit } }

    func set(auth: String?) {
        tokens.withLock { $0 = Tokens(auth: auth, edit: nil) }
    }

    func set(edit: String?) {
        tokens.withLock { $0.edit = edit }
    }
}
