/// The version of the socket protocol (docs/protocol.md).
///
/// A client refuses a daemon whose major version differs; minor versions only add methods,
/// optional params and result fields, so both sides ignore what they do not know.
public enum ProtocolVersion {
    public static let major = 1
    public static let minor = 12
    public static var current: String { "\(major).\(minor)" }

    /// The major component of a version string such as `"1.0"`; `nil` when it is not one.
    public static func major(of version: String) -> Int? {
        Int(version.split(separator: ".", maxSplits: 1).first ?? "")
    }
}
