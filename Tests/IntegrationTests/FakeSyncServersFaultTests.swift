import Foundation
import Testing
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fakes' fault injection, request hook and entry filters, seen over HTTP.
@Suite(.serialized) struct FakeSyncServersFaultTests {
    static func minifluxWithEntries(_ count: Int) async throws -> FakeMinifluxServer {
        let account = FakeSyncAccount()
        let feed = try account.addFeed(url: "https://example.com/feed.xml")
        for index in 1...count {
            try account.addEntry(feedID: feed.id, title: "Entry \(index)", publishedAt: Date(timeIntervalSince1970: Double(index) * 60))
        }
        return try await FakeMinifluxServer.start(account: account, apiKey: "k")
    }

    static func get(
        _ server: some FakeSyncServer, _ path: String, timeout: TimeInterval = 60
    ) async throws -> (status: Int, headers: [AnyHashable: Any], body: Data) {
        var request = URLRequest(url: URL(string: server.baseURL + path)!, timeoutInterval: timeout)
        request.setValue("k", forHTTPHeaderField: "X-Auth-Token")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.allHeaderFields, data)
    }

    @Test func statusFaultsHitTheirPrefixAndAreSpent() async throws {
        let server = try await Self.minifluxWithEntries(2)
        defer { Task { try? await server.stop() } }
        server.inject(.status(500, body: "boom"), on: "/v1/entries", times: 2)
        #expect(try await Self.get(server, "/v1/feeds").status == 200)
        #expect(try await Self.get(server, "/v1/entries").status == 500)
        #expect(try await Self.get(server, "/v1/entries").status == 500)
        #expect(try await Self.get(server, "/v1/entries").status == 200)
        #expect(server.faults.appliedCount == 2)
        #expect(server.faults.remaining.isEmpty)
    }

    @Test func retryAfterAndGarbage() async throws {
        let server = try await Self.minifluxWithEntries(1)
        defer { Task { try? await server.stop() } }
        server.inject(.retryAfter(status: 429, seconds: 7))
        server.inject(.garbage)
        let limited = try await Self.get(server, "/v1/me")
        #expect(limited.status == 429)
        #expect(limited.headers["Retry-After"] as? String == "7")
        let garbage = try await Self.get(server, "/v1/entries")
        #expect(garbage.status == 200)
        #expect((try? JSONSerialization.jsonObject(with: garbage.body)) == nil)
    }

    @Test func aHugeBodyArrivesWhole() async throws {
        let server = try await Self.minifluxWithEntries(1)
        defer { Task { try? await server.stop() } }
        server.inject(.hugeBody(bytes: 50_000_000))
        let huge = try await Self.get(server, "/v1/entries")
        #expect(huge.status == 200)
        #expect(huge.body.count > 49_900_000 && huge.body.count <= 50_000_000)
    }

    @Test func aStallTripsTheClientTimeout() async throws {
        let server = try await Self.minifluxWithEntries(1)
        defer { Task { try? await server.stop() } }
        server.inject(.stall(.seconds(120)))
        await #expect(throws: (any Error).self) { try await Self.get(server, "/v1/entries", timeout: 1) }
    }

    @Test func aConnectionClosedMidBodyIsAnErrorOrShort() async throws {
        let server = try await Self.minifluxWithEntries(3)
        defer { Task { try? await server.stop() } }
        let whole = try await Self.get(server, "/v1/entries").body.count
        server.inject(.closeMidBody)
        do {
            let cut = try await Self.get(server, "/v1/entries")
            #expect(cut.body.count < whole)
        } catch {
            // URLSession reports the lost connection: what a client should see.
        }
    }

    @Test func theHookChangesTheAccountBetweenPages() async throws {
        let server = try await Self.minifluxWithEntries(4)
        defer { Task { try? await server.stop() } }
        let account = server.account
        server.onRequest { request in
            if request.query?.contains("offset=2") == true {
                _ = try? account.addEntry(feedID: 1, title: "Late", publishedAt: Date(timeIntervalSince1970: 1))
            }
        }
        let first = try JSONSerialization.jsonObject(with: try await Self.get(server, "/v1/entries?limit=2").body) as? [String: Any]
        let second = try JSONSerialization.jsonObject(with: try await Self.get(server, "/v1/entries?limit=2&offset=2").body) as? [String: Any]
        #expect(first?["total"] as? Int == 4)
        #expect(second?["total"] as? Int == 5)
        #expect(server.requests.count == 2)
    }

    @Test func filtersFollowMiniflux() async throws {
        let server = try await Self.minifluxWithEntries(6)
        defer { Task { try? await server.stop() } }
        let account = server.account
        account.setStatus([2, 4], to: .read)
        account.setStarred([4], true)
        var query = FakeEntryQuery()
        query.statuses = [.read]
        #expect(account.entries(matching: query).entries.map(\.id) == [2, 4])
        query = FakeEntryQuery()
        query.publishedAfter = Date(timeIntervalSince1970: 120)
        query.publishedBefore = Date(timeIntervalSince1970: 300)
        #expect(account.entries(matching: query).entries.map(\.id) == [3, 4])  // both bounds strict
        query = FakeEntryQuery()
        query.order = .status
        query.descending = true
        query.limit = 3
        let page = account.entries(matching: query)
        #expect(page.total == 6)
        #expect(page.entries.map(\.id) == [6, 5, 3])  // unread first (desc), then ids desc
        let body = try await Self.get(server, "/v1/entries?starred=true&published_after=60&order=id&direction=desc").body
        let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let entries = json?["entries"] as? [[String: Any]] ?? []
        #expect(entries.map { $0["id"] as? Int } == [4])
        #expect(entries.first?["published_at"] as? String == "1970-01-01T00:04:00Z")
        #expect(try await Self.get(server, "/v1/entries?status=gone").status == 400)
        #expect(try await Self.get(server, "/v1/entries?feed_id=99").status == 400)
        #expect(try await Self.get(server, "/v1/entries/99").status == 404)
    }

    @Test func googleReaderRefusesAStaleActionToken() async throws {
        let server = try await FakeGoogleReaderServer.start()
        defer { Task { try? await server.stop() } }
        let old = server.actionToken
        server.expireActionToken()
        var request = URLRequest(url: URL(string: server.baseURL + "/reader/api/0/edit-tag")!)
        request.httpMethod = "POST"
        request.setValue("GoogleLogin auth=" + server.authToken, forHTTPHeaderField: "Authorization")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("i=1&a=user/-/state/com.google/read&T=\(old)".utf8)
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 401)
        #expect(http.value(forHTTPHeaderField: "X-Reader-Google-Bad-Token") == "true")
    }
}
