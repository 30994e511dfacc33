/// Why a `FakeSyncAccount` refused a change. The fake servers answer `notFound` with 404 and the
/// others with 400, each with its message, as the real services do.
public enum FakeSyncError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case conflict(String)
    case invalid(String)

    public var description: String {
        switch self {
        case .notFound(let message), .conflict(let message), .invalid(let message): message
        }
    }
}
