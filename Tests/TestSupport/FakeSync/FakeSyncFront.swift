import Foundation
import Synchronization

/// What the two fake sync servers share: the HTTP server on 127.0.0.1, the faults waiting to
/// happen, and the hook a test sets to act between requests. Each request goes: log, hook,
/// fault, then the service's routing.
public final class FakeSyncFront: Sendable {
    /// The real HTTP server underneath (its `requests` is the request log).
    public let http: TestHTTPServer
    public let faults = FakeSyncFaults()
    private let hook = Mutex<(@Sendable (RecordedRequest) -> Void)?>(nil)
    /// The account's clock, which the `Date` of every answer reads.
    private let clock: @Sendable () -> Date

    init(http: TestHTTPServer, clock: @escaping @Sendable () -> Date) {
        self.http = http
        self.clock = clock
    }

    /// Binds 127.0.0.1 on `port` (0: a free one) and routes every request through `route`;
    /// answers are dated by `clock`.
    static func start(
        port: Int = 0, clock: @escaping @Sendable () -> Date, route: @escaping @Sendable (FakeRequest) -> TestHTTPResponse
    ) async throws -> FakeSyncFront {
        let front = FakeSyncFront(http: try await TestHTTPServer.start(port: port), clock: clock)
        front.http.fallback { [weak front] raw in
            guard let front else { return .status(503) }
            return front.handle(raw, route: route)
        }
        return front
    }

    /// Calls `hook` at the start of every request, before the fault and the answer (on an
    /// event-loop thread: it must not block, and may change the account).
    func onRequest(_ hook: (@Sendable (RecordedRequest) -> Void)?) {
        self.hook.withLock { $0 = hook }
    }

    private func handle(_ raw: RecordedRequest, route: @Sendable (FakeRequest) -> TestHTTPResponse) -> TestHTTPResponse {
        hook.withLock { $0 }?(raw)
        let fault = faults.take(for: raw.path)
        if let fault, let replacement = FakeSyncFaults.replacement(for: fault) {
            return dated(replacement)
        }
        let response = route(FakeRequest(raw))
        return dated(fault.map { FakeSyncFaults.alter(response, by: $0) } ?? response)
    }

    /// The answer with a `Date` header, as Go's and PHP's servers send on every answer.
    private func dated(_ response: TestHTTPResponse) -> TestHTTPResponse {
        var dated = response
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        dated.headers.append(("Date", formatter.string(from: clock())))
        return dated
    }
}

/// A fake sync service on 127.0.0.1 (`FakeMinifluxServer`, `FakeGoogleReaderServer`).
public protocol FakeSyncServer: Sendable {
    /// The account it serves.
    var account: FakeSyncAccount { get }
    /// Its HTTP server, faults and hook.
    var front: FakeSyncFront { get }
}

extension FakeSyncServer {
    /// `http://127.0.0.1:PORT`
    public var baseURL: String { front.http.baseURL }
    public var port: Int { front.http.port }
    /// Every request so far, in arrival order.
    public var requests: [RecordedRequest] { front.http.requests }
    public var faults: FakeSyncFaults { front.faults }

    /// Makes the next `times` requests under `pathPrefix` (all paths if nil) fail with `fault`.
    public func inject(_ fault: FakeSyncFault, on pathPrefix: String? = nil, times: Int = 1) {
        front.faults.inject(fault, on: pathPrefix, times: times)
    }

    /// Calls `hook` at the start of every request (nil: no hook), on an event-loop thread: it
    /// must not block; it may change `account` ("another device" acting between two pages).
    public func onRequest(_ hook: (@Sendable (RecordedRequest) -> Void)?) {
        front.onRequest(hook)
    }

    /// Closes the listening socket and every connection.
    public func stop() async throws {
        try await front.http.stop()
    }
}
