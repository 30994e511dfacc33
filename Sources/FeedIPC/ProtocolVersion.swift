/// The version of the socket protocol (docs/protocol.md).
///
/// A client refuses a daemon whose major version differs; minor versions only add methods,
/// optional params and result fields, so both sides ignore what they do not know.
public enum ProtocolVersion {
    public static let major = 1
    public static let minor = 18
    public static var current: String { "\(major).\(minor)" }

    /// The major component of a version string such as `"1.0"`; `nil` when it is not one.
    public static func major(of version: String) -> Int? {
        Int(version.split(separator: ".", maxSplits: 1).first ?? "")
    }

    /// The minor component of a version string such as `"1.13"`; `nil` when it has none.
    public static func minor(of version: String) -> Int? {
        version.split(separator: ".").dropFirst().first.flatMap { Int($0) }
    }

    /// The first minor version whose daemon skips the command feeds of an imported list and
    /// refuses a backup's unless the request allows them (`allowCommands`); an older one would
    /// ignore the param and subscribe to them.
    public static let commandRefusingMinor = 13

    /// The first minor version whose daemon sends a keep-alive (`RPC.keepAliveMethod`) every
    /// few seconds while it works on a request, so that a client can time every request.
    public static let keepAliveMinor = 14

    /// The first minor version whose daemon reads `items.list`'s `where`; an older one would
    /// ignore it and list what the other filters select.
    public static let whereMinor = 17

    /// The first minor version whose daemon has saved views (`views.*`, `items.list`'s and
    /// `items.markRead`'s `view`).
    public static let viewsMinor = 18
}
