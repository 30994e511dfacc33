import FeedIPC

/// The daemon answering predates protocol 1.13: it ignores `allowCommands` and would subscribe
/// to the command feeds of a file or backup it was handed. Nothing was sent to it.
public struct DaemonWouldRunCommands: Error, Equatable, Sendable, CustomStringConvertible {
    public var daemonVersion: String
    public var protocolVersion: String
    /// What it would do: `subscribe to the file's command feeds without a word`.
    public var would: String

    public init(_ hello: RPC.Hello.Result, would: String) {
        daemonVersion = hello.daemonVersion
        protocolVersion = hello.protocolVersion
        self.would = would
    }

    /// Throws when `daemon` predates protocol 1.13 and the user did not allow commands: such a
    /// daemon would ignore `allowCommands: false`.
    /// - Parameter would: what it would do, for the message.
    public static func check(_ daemon: any DaemonClient, allowCommands: Bool, would: String) async throws {
        guard !allowCommands else { return }
        let hello = try await daemon.hello()
        if (ProtocolVersion.minor(of: hello.protocolVersion) ?? 0) < ProtocolVersion.commandRefusingMinor {
            throw DaemonWouldRunCommands(hello, would: would)
        }
    }

    public var description: String {
        "the running tidingsd \(daemonVersion) (protocol \(protocolVersion)) would \(would); "
            + "restart it so that the installed one answers (systemctl --user restart tidingsd), or pass --allow-commands"
    }
}
