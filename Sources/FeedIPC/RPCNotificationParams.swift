/// The params of a notification the daemon sends during a request (`refresh.progress`,
/// `items.new`), with the method name they come under.
public protocol RPCNotificationParams: Decodable, Sendable {
    /// The notification's `method`.
    static var method: String { get }
}

extension RPC.Refresh.Progress: RPCNotificationParams {}
extension RPC.Watch.NewItems: RPCNotificationParams {}
