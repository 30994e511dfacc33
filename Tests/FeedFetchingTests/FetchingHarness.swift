import FeedFetching
import Logging
import Testing
import TestSupport

/// Runs `body` with a fresh `TestHTTPServer` and a `CurlRemoteDataManager`, and stops both
/// afterwards whatever happens.
func withFetcher(
    _ configure: (inout FetchOptions) -> Void = { _ in },
    _ body: (TestHTTPServer, CurlRemoteDataManager) async throws -> Void
) async throws {
    var options = FetchOptions(version: "0.0-test")
    configure(&options)
    let manager = CurlRemoteDataManager(options: options, logger: Logger(label: "tidings.fetching.tests"))
    let server = try await TestHTTPServer.start()
    do {
        try await body(server, manager)
    } catch {
        await manager.shutdown()
        try? await server.stop()
        throw error
    }
    await manager.shutdown()
    try await server.stop()
}

/// Fetches `url`, expecting a failure.
/// - Returns: the error, or nil (after recording an issue) if the fetch succeeded.
func fetchError(_ manager: CurlRemoteDataManager, _ request: FetchRequest) async -> FetchError? {
    do {
        let response = try await manager.fetch(request)
        Issue.record("expected an error, got HTTP \(response.status) from \(response.finalURL)")
        return nil
    } catch {
        return error
    }
}

/// Suspends until `server` has received a request for `path`: proof that a transfer is running.
func waitForRequest(to path: String, on server: TestHTTPServer, count: Int = 1) async throws {
    while server.requests(for: path).count < count {
        try await Task.sleep(for: .milliseconds(5))
    }
}
