/// The HTTP authentication scheme a feed's `auth_user` is sent with.
public enum AuthMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// Basic: the password base64-encoded in every request (only sensible over https).
    case basic
    /// Digest: a challenge answered with a hash, the password never sent.
    case digest
    /// Whatever the server asks for, the safest it offers.
    case any
}
