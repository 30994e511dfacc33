import Synchronization

/// The faults waiting to happen on a fake sync server. Each injected fault applies to the next
/// `times` requests whose path starts with its prefix, then is spent; faults apply in the order
/// they were injected.
public final class FakeSyncFaults: Sendable {
    private struct Pending {
        var fault: FakeSyncFault
        var pathPrefix: String?
        var remaining: Int
    }

    private let pending = Mutex<[Pending]>([])
    private let applied = Mutex(0)

    public init() {}

    /// Makes the next `times` requests under `pathPrefix` (every path if nil) fail with `fault`.
    public func inject(_ fault: FakeSyncFault, on pathPrefix: String? = nil, times: Int = 1) {
        guard times > 0 else { return }
        pending.withLock { $0.append(Pending(fault: fault, pathPrefix: pathPrefix, remaining: times)) }
    }

    /// Forgets every fault not yet spent.
    public func clear() {
        pending.withLock { $0.removeAll() }
    }

    /// How many requests got a fault so far.
    public var appliedCount: Int { applied.withLock { $0 } }

    /// The faults not yet spent, as (fault, prefix, remaining).
    public var remaining: [(fault: FakeSyncFault, pathPrefix: String?, times: Int)] {
        pending.withLock { $0.map { ($0.fault, $0.pathPrefix, $0.remaining) } }
    }

    /// The fault for a request to `path`, spending one use of it; nil for none.
    public func take(for path: String) -> FakeSyncFault? {
        let fault: FakeSyncFault? = pending.withLock { pending in
            guard let index = pending.firstIndex(where: { $0.pathPrefix.map(path.hasPrefix) ?? true }) else { return nil }
            pending[index].remaining -= 1
            let fault = pending[index].fault
            if pending[index].remaining == 0 { pending.remove(at: index) }
            return fault
        }
        if fault != nil { applied.withLock { $0 += 1 } }
        return fault
    }

    /// The response for `fault`: one instead of the answer, or nil when the answer goes out
    /// altered (`alter`).
    public static func replacement(for fault: FakeSyncFault) -> TestHTTPResponse? {
        switch fault {
        case .status(let status, let body):
            return TestHTTPResponse(
                status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(body.utf8))
        case .retryAfter(let status, let seconds):
            return TestHTTPResponse(
                status: status, headers: [("Retry-After", String(seconds)), ("Content-Type", "text/plain; charset=utf-8")],
                body: Array("slow down\n".utf8))
        case .garbage:
            return TestHTTPResponse(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Array("<html><body>502 Bad Gateway \u{1}\u{2}{\"not\": json".utf8))
        case .hugeBody(let bytes):
            let pieceSize = 64 * 1024
            let piece = Array(repeating: UInt8(ascii: "x"), count: pieceSize)
            let head = Array("{\"entries\":\"".utf8)
            return TestHTTPResponse(
                status: 200, headers: [("Content-Type", "application/json")], body: head,
                repeatedBody: (piece, max(0, bytes - head.count) / pieceSize))
        case .stall, .closeMidBody:
            return nil
        }
    }

    /// `response` with `fault` applied, for the faults that let the request happen.
    public static func alter(_ response: TestHTTPResponse, by fault: FakeSyncFault) -> TestHTTPResponse {
        var altered = response
        switch fault {
        case .stall(let delay): altered.delay = delay
        case .closeMidBody: altered.truncatedAfter = response.body.count / 2
        default: break
        }
        return altered
    }
}
