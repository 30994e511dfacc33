import FeedFetching
import Foundation
import Testing
import TestSupport

@Suite("CurlRemoteDataManager: concurrency and cancellation", .timeLimit(.minutes(3)))
struct CurlRemoteDataManagerConcurrencyTests {
    @Test func twentyConcurrentFetchesAllSucceed() async throws {
        try await withFetcher { server, manager in
            for index in 0..<20 { server.route("/feed/\(index)", .ok("<rss><!-- \(index) --></rss>")) }

            let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let response = try await manager.fetch(FetchRequest(url: server.url("/feed/\(index)")))
                        return (index, String(decoding: response.body, as: UTF8.self))
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }

            #expect(bodies.count == 20)
            for index in 0..<20 { #expect(bodies[index] == "<rss><!-- \(index) --></rss>") }
            #expect(server.requests.count == 20)
        }
    }

    @Test func cancellingTheTaskAbortsARunningFetch() async throws {
        try await withFetcher { server, manager in
            server.route("/slow", TestHTTPResponse(body: Array("<rss/>".utf8), delay: .seconds(30)))
            server.route("/fast", .ok("<rss/>"))

            let task = Task { try await manager.fetch(FetchRequest(url: server.url("/slow"))) }
            try await waitForRequest(to: "/slow", on: server)
            task.cancel()

            await #expect(throws: FetchError.cancelled) { try await task.value }
            // The manager is unharmed.
            let response = try await manager.fetch(FetchRequest(url: server.url("/fast")))
            #expect(response.status == 200)
        }
    }

    @Test func cancellingAQueuedFetchNeverSendsIt() async throws {
        try await withFetcher({ $0.maximumConcurrentTransfers = 1 }) { server, manager in
            server.route("/slow", TestHTTPResponse(body: Array("<rss/>".utf8), delay: .seconds(30)))
            server.route("/queued", .ok("<rss/>"))

            let running = Task { try await manager.fetch(FetchRequest(url: server.url("/slow"))) }
            try await waitForRequest(to: "/slow", on: server)
            let queued = Task { try await manager.fetch(FetchRequest(url: server.url("/queued"))) }
            queued.cancel()

            await #expect(throws: FetchError.cancelled) { try await queued.value }
            running.cancel()
            await #expect(throws: FetchError.cancelled) { try await running.value }
            #expect(server.requests(for: "/queued").isEmpty)
        }
    }

    @Test func alreadyCancelledTaskDoesNotFetch() async throws {
        try await withFetcher { server, manager in
            server.route("/feed", .ok("<rss/>"))

            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await manager.fetch(FetchRequest(url: server.url("/feed")))
            }

            await #expect(throws: FetchError.cancelled) { try await task.value }
            #expect(server.requests.isEmpty)
        }
    }

    @Test func perHostLimitQueuesButCompletesEverything() async throws {
        try await withFetcher({ $0.maximumPerHost = 1; $0.maximumConcurrentTransfers = 2 }) { server, manager in
            server.route("/feed", .ok("<rss/>"))

            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await manager.fetch(FetchRequest(url: server.url("/feed"))).status }
                }
                for try await status in group { #expect(status == 200) }
            }
            #expect(server.requests.count == 6)
        }
    }

    @Test func shutdownCancelsRunningFetchesAndRefusesNewOnes() async throws {
        try await withFetcher { server, manager in
            server.route("/slow", TestHTTPResponse(body: Array("<rss/>".utf8), delay: .seconds(30)))
            server.route("/fast", .ok("<rss/>"))

            let task = Task { try await manager.fetch(FetchRequest(url: server.url("/slow"))) }
            try await waitForRequest(to: "/slow", on: server)
            await manager.shutdown()

            await #expect(throws: FetchError.cancelled) { try await task.value }
            let error = await fetchError(manager, FetchRequest(url: server.url("/fast")))
            #expect(error == .cancelled)
            await manager.shutdown()
        }
    }

    @Test func releasingTheManagerStopsItsThread() async throws {
        let server = try await TestHTTPServer.start()
        server.route("/feed", .ok("<rss/>"))
        var manager: CurlRemoteDataManager? = CurlRemoteDataManager(
            options: FetchOptions(version: "0.0-test"), logger: .init(label: "tidings.fetching.tests"))
        let response = try await manager?.fetch(FetchRequest(url: server.url("/feed")))
        #expect(response?.status == 200)
        manager = nil
        try await server.stop()
    }
}
