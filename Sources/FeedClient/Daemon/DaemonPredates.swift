import FeedIPC

/// The daemon answering speaks an older protocol than a feature needs, and would ignore the
/// param that carries it (answering as if it had not been asked). Nothing was sent to it.
public struct DaemonPredates: Error, Equatable, Sendable, CustomStringConvertible {
    public var daemonVersion: String
    public var protocolVersion: String
    /// What the user asked for: `list --where`.
    public var feature: String
    public var neededMinor: Int

    /// Throws when `daemon` speaks a protocol before `1.minor`.
    public static func check(_ daemon: any DaemonClient, minor: Int, feature: String) async throws {
        let hello = try await daemon.hello()
        guard (ProtocolVersion.minor(of: hello.protocolVersion) ?? 0) < minor else { return }
        throw DaemonPredates(
            daemonVersion: hello.daemonVersion, protocolVersion: hello.protocolVersion, feature: feature, neededMinor: minor)
    }

    public var description: String {
        "the running tidingsd \(daemonVersion) (protocol \(protocolVersion)) does not know \(feature), which needs protocol "
            + "\(ProtocolVersion.major).\(neededMinor); restart it so that the installed one answers (systemctl --user restart tidingsd)"
    }
}
