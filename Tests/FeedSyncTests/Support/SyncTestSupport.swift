import FeedFetching
import FeedSync
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport

/// A clock the tests move by hand, for the fakes' `createdAt` and `changedAt` stamps: the
/// adapters' cursors are made of the service's times, and a test decides which change is
/// "after" the last sync.
final class ManualClock: Sendable {
    private let date: Mutex<Date>

    /// Starts at 2025-01-01T00:00:00Z.
    init(_ start: Date = Date(timeIntervalSince1970: 1_735_689_600)) {
        date = Mutex(start)
    }

    var now: Date { date.withLock { $0 } }

    func advance(seconds: Double) {
        date.withLock { $0 += seconds }
    }

    /// The clock as `FakeSyncAccount` takes it.
    var reading: @Sendable () -> Date { { self.now } }
}

/// Runs `body` with the real fetcher (libcurl) whose log is recorded, and shuts it down
/// afterwards whatever happens.
func withFetcher(_ body: (CurlRemoteDataManager, LogRecorder) async throws -> Void) async throws {
    let log = LogRecorder()
    let fetcher = CurlRemoteDataManager(options: FetchOptions(version: "0.0-test"), logger: log.logger)
    do {
        try await body(fetcher, log)
    } catch {
        await fetcher.shutdown()
        throw error
    }
    await fetcher.shutdown()
}

/// The `SyncError` that `body` throws; nil (after recording an issue) when it throws none.
func syncError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> SyncError? {
    do {
        try await body()
        Issue.record("expected a SyncError, the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as SyncError {
        return error
    } catch {
        Issue.record("expected a SyncError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Every page `entries(since:)` hands over, and the cursor it returns.
func collectEntries(_ service: some SyncService, since cursor: String?) async throws -> (pages: [[RemoteEntry]], cursor: String) {
    var pages: [[RemoteEntry]] = []
    let next = try await service.entries(since: cursor) { page in pages.append(page.entries) }
    return (pages, next)
}

/// The failures every adapter must turn into the right `SyncError`, injected into a fake.
enum ServiceFault: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case unauthorized, retryLater, serverError, garbage, hugeBody, stall, cutBody

    var testDescription: String { rawValue }

    var fault: FakeSyncFault {
        switch self {
        case .unauthorized: .status(401, body: "Access Unauthorized")
        case .retryLater: .retryAfter(status: 429, seconds: 7)
        case .serverError: .status(500, body: "database unavailable\nstack trace follows")
        case .garbage: .garbage
        case .hugeBody: .hugeBody(bytes: 50_000_000)
        case .stall: .stall(.seconds(90))
        case .cutBody: .closeMidBody
        }
    }

    /// Twice for a 401: an adapter with sessions signs in again once, and must then give up.
    var times: Int { self == .unauthorized ? 2 : 1 }

    /// The settings of the call: a short transfer timeout where the stall must trip it.
    var settings: TransferSettings {
        self == .stall ? TransferSettings(transferTimeout: .seconds(10)) : TransferSettings()
    }

    /// Whether `error` is what this fault must become.
    func isExpected(_ error: SyncError?) -> Bool {
        switch (self, error) {
        case (.unauthorized, .unauthorized?): true
        case (.retryLater, .retryLater(let seconds)?): seconds == 7
        case (.serverError, .service(let status, let message)?): status == 500 && message == "database unavailable"
        case (.garbage, .malformedAnswer?): true
        case (.hugeBody, .malformedAnswer(let reason)?): reason.contains("larger than 16 MiB")
        case (.stall, .unreachable(.timedOut)?): true
        case (.cutBody, .unreachable?): true
        default: false
        }
    }
}

/// Records an issue for each of `secrets` that `error` or a line of `log` holds.
func expectNoSecret(
    _ secrets: [String], in error: SyncError?, log: LogRecorder, sourceLocation: SourceLocation = #_sourceLocation
) {
    let texts = [error.map { "\($0)" } ?? "", error.map { String(reflecting: $0) } ?? ""] + log.linesWithMetadata
    for secret in secrets {
        #expect(!texts.contains { $0.contains(secret) }, "a secret reached an error or the log", sourceLocation: sourceLocation)
    }
}

extension FakeSyncServer {
    /// The requests received so far for `path`.
    func requests(for path: String) -> [RecordedRequest] {
        front.http.requests(for: path)
    }
}

/// Injects `fault` with `inject(fault, times)` and expects `subscriptions()` to fail as the fault
/// must make it, with none of `secrets` in the error or the log; then, the fault cleared with
/// `clear`, to list the `count` subscriptions again.
func expectSubscriptions(
    of service: some SyncService, failingWith fault: ServiceFault, count: Int, secrets: [String], log: LogRecorder,
    inject: (FakeSyncFault, Int) -> Void, clear: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    inject(fault.fault, fault.times)
    let error = await syncError(sourceLocation: sourceLocation) { _ = try await service.subscriptions() }
    #expect(fault.isExpected(error), "\(fault): \(String(describing: error))", sourceLocation: sourceLocation)
    expectNoSecret(secrets, in: error, log: log, sourceLocation: sourceLocation)
    clear()
    let again = try await service.subscriptions()
    #expect(again.count == count, sourceLocation: sourceLocation)
}
