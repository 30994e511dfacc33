import FeedEntities
import FeedIPC
import Foundation
import Testing

/// `feeds.list` through `RPCDirectCoding`: byte for byte what `WireCoding`'s encoder writes,
/// in every form, and read back as the decoder reads it.
struct FeedWireTests {
    /// Every member set; settings with secrets (hidden on the wire) and a password source.
    static let full = Feed(
        id: 12, url: "https://example.org/feed?a=1&b=/", title: "Planet \"Q\" \\ é 😀\u{1B}[2J\n",
        siteLink: "https://example.org/", subscribedAt: Date(timeIntervalSince1970: 1_795_860_000),
        lastRefreshed: Date(timeIntervalSince1970: 1_795_860_100), lastAttempt: Date(timeIntervalSince1970: 1_795_860_200),
        lastError: "HTTP 503", itemCount: 222, unreadCount: 17, httpStatus: 503, consecutiveFailures: 3,
        etag: "W/\"abc\"", lastModified: "Tue, 24 Nov 2026 10:00:00 GMT", movedTo: "https://example.net/feed",
        goneSince: Date(timeIntervalSince1970: -86_400), nextCheck: Date(timeIntervalSince1970: 1_795_863_600),
        updateHint: 3600, tags: ["linux", "News"], hasCustomTitle: true,
        settings: FeedSettings(
            interval: 900, userAgent: "UA/1", headers: ["X-A: 1", "Authorization: Bearer s3cret"], cookie: "c=1",
            authUser: "ada", authPassword: .command(["pass", "show", "feeds"]), authMethod: .basic, timeout: 30,
            keepPerFeed: 100),
        synced: true)

    /// Only the required members.
    static let bare = Feed(id: 1, url: "https://a.example/", title: "", subscribedAt: Date(timeIntervalSince1970: 0))

    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        Array(try WireCoding.line(value, encoder: WireCoding.makeEncoder()))
    }

    @Test(arguments: [3600, 0.5, 86_400.25, 1e20, 1.5e-7, -2, 0] as [Double])
    func writesAListingAsTheEncoderDoes(updateHint: Double) throws {
        var hinted = Self.bare
        hinted.updateHint = updateHint
        hinted.consecutiveFailures = 1
        var failing = Self.bare
        failing.lastError = "timed out"
        let direct = try #require(RPC.ListFeeds.directCoding)
        for form in [.full, .brief, .listing] as [RPC.ListFeeds.Result.Form] {
            let result = RPC.ListFeeds.Result(feeds: [Self.full, Self.bare, hinted, failing], form: form)
            let line = WireWriter.responseLine(id: .number(4)) { direct.writeResult(result, &$0) }
            let expected = try Self.encoded(RPCResponse(id: .number(4), result: result))
            #expect(String(decoding: line, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(form)")
            // Read back as the decoder reads it.
            let decoded = try WireCoding.makeDecoder().decode(RPCIncoming<RPC.ListFeeds.Result>.self, from: Data(line)).result
            let read = direct.result(ofResponse: Array(line.dropLast()), id: .number(4))
            #expect(read != nil && read == decoded, "\(form)")
        }
    }

    @Test func readsSettingsThroughTheDecoderWithSecretsHidden() throws {
        let direct = try #require(RPC.ListFeeds.directCoding)
        let line = WireWriter.responseLine(id: .number(1)) { direct.writeResult(.init(feeds: [Self.full]), &$0) }
        let feed = try #require(direct.result(ofResponse: Array(line.dropLast()), id: .number(1))?.feeds.first)
        #expect(feed.settings.cookie == "(hidden)" && feed.settings.authUser == "ada")
        #expect(feed.settings.authPassword == .command(["pass", "show", "feeds"]))
        #expect(!String(decoding: line, as: UTF8.self).contains("s3cret"))
        #expect(feed.updateHint == 3600 && feed.tags == ["linux", "News"] && feed.synced)
    }

    @Test func theListingFormHasWhatATableShows() throws {
        let direct = try #require(RPC.ListFeeds.directCoding)
        let line = WireWriter.responseLine(id: .number(1)) { direct.writeResult(.init(feeds: [Self.full], form: .listing), &$0) }
        let feed = try #require(direct.result(ofResponse: Array(line.dropLast()), id: .number(1))?.feeds.first)
        #expect(feed.lastRefreshed == Self.full.lastRefreshed && feed.nextCheck == Self.full.nextCheck && feed.synced)
        #expect(feed.lastError == "HTTP 503" && feed.httpStatus == 503 && feed.consecutiveFailures == 3 && feed.goneSince != nil)
        #expect(feed.etag == nil && feed.settings.isEmpty && feed.siteLink == nil && feed.lastAttempt == nil)
        #expect(RPC.ListFeeds.Params(brief: true, listing: true).form == .brief)
        #expect(RPC.ListFeeds.Params(listing: true).form == .listing && RPC.ListFeeds.Params().form == .full)
    }

    @Test func writesAndReadsParams() throws {
        let direct = try #require(RPC.ListFeeds.directCoding)
        for params in [RPC.ListFeeds.Params(), .init(tag: "news"), .init(tag: "a\"b", brief: true), .init(listing: true)] {
            let line = WireWriter.requestLine(id: .number(2), method: RPC.ListFeeds.name) { direct.writeParams(params, &$0) }
            #expect(line == (try Self.encoded(RPCRequest(id: .number(2), method: RPC.ListFeeds.name, params: params))))
            #expect(direct.params(ofRequest: Array(line)) == params)
        }
    }

    @Test(arguments: [
        #"{"id":1,"jsonrpc":"2.0","result":{"feeds":[{"id":1,"url":"u","title":"t","subscribedAt":"2026-01-01T00:00:00Z","itemCount":1.5,"unreadCount":0}]}}"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"feeds":[{"id":1,"url":"u","title":"t","subscribedAt":"2026-01-01T00:00:00Z","unreadCount":0}]}}"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"feeds":[{"id":1,"url":"u","title":"t","subscribedAt":"2026-01-01T00:00:00Z","itemCount":1,"unreadCount":0,"settings":{"interval":"x"}}]}}"#,
        #"{"id":1,"jsonrpc":"2.0","result":{"feeds":[{"id":1,"url":"u","title":"t","subscribedAt":"2026-01-01T00:00:00Z","itemCount":1,"unreadCount":0,"updateHint":"1"}]}}"#,
    ])
    func leavesToTheDecoderWhatItDoesNotExpect(line: String) {
        #expect(RPC.ListFeeds.directCoding?.result(ofResponse: Array(line.utf8), id: .number(1)) == nil)
    }

    @Test func readsOldAnswersWithTheirDefaults() throws {
        let line = #"{"id":1,"jsonrpc":"2.0","result":{"feeds":[{"id":3,"url":"u","title":"t","subscribedAt":"2026-01-01T00:00:00Z","itemCount":4,"unreadCount":2,"future":[1,{"a":null}]}]}}"#
        let feed = try #require(RPC.ListFeeds.directCoding?.result(ofResponse: Array(line.utf8), id: .number(1))?.feeds.first)
        #expect(feed == Feed(id: 3, url: "u", title: "t", subscribedAt: Date(timeIntervalSince1970: 1_767_225_600), itemCount: 4, unreadCount: 2))
    }
}
