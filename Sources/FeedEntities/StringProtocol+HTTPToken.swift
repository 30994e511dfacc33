extension StringProtocol {
    /// Whether this is an RFC 9110 `token`, the form of a header name: one or more letters,
    /// digits and ``!#$%&'*+-.^_`|~``.
    public var isHTTPToken: Bool {
        !isEmpty && utf8.allSatisfy { byte in
            (0x21...0x7E).contains(byte) && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
        }
    }
}
