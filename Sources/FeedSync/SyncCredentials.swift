/// How the daemon signs in to a service, read for each sync from where the user keeps the
/// secret (`password_command`, `password_file`, `token_command`, `token_file`) and kept nowhere.
public enum SyncCredentials: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// An API token (miniflux's API keys).
    case token(String)
    /// A user and password.
    case password(user: String, password: String)

    /// `token` or `user alice`: never the secret.
    public var description: String {
        switch self {
        case .token: "token"
        case .password(let user, _): "user \(user)"
        }
    }

    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
