import FeedEntities
import FeedIPC
import Foundation
import Testing

struct RPCFeedSettingsTests {
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try WireCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    @Test func theProtocolIsVersion1_18() {
        #expect(ProtocolVersion.current == "1.18")
        #expect(RPC.FeedSettingsMethod.name == "feeds.settings")
    }

    @Test func paramsWithoutChangesOnlyRead() throws {
        // A number, as clients before 1.15 send it, is the feed's number.
        let decoded = try WireCoding.makeDecoder().decode(RPC.FeedSettingsMethod.Params.self, from: Data(#"{"feed":3}"#.utf8))
        #expect(decoded == .init(feed: "3"))
        let params = RPC.FeedSettingsMethod.Params(feed: "Kernel", set: ["interval=2h"], unset: ["header"])
        #expect(try Self.json(params) == #"{"feed":"Kernel","set":["interval=2h"],"unset":["header"]}"#)
        #expect(try WireCoding.makeDecoder().decode(RPC.FeedSettingsMethod.Params.self, from: Data(try Self.json(params).utf8)) == params)
    }

    @Test func subscribeSendsSettingsOnlyWhenGiven() throws {
        #expect(try Self.json(RPC.Subscribe.Params(url: "https://x.example/feed")) == #"{"url":"https://x.example/feed"}"#)
        #expect(try Self.json(RPC.Subscribe.Params(url: "u", settings: ["timeout=30s"])) == #"{"settings":["timeout=30s"],"url":"u"}"#)
    }

    @Test func theFullListCarriesSettingsWithSecretsHiddenAndTheBriefOneNone() throws {
        var settings = FeedSettings()
        try settings.apply(["interval=2h", "cookie=c00kie", "header=Authorization: Bearer s3cret"])
        let feed = Feed(id: 3, url: "u", title: "t", subscribedAt: Date(timeIntervalSince1970: 0), settings: settings)
        let full = try Self.json(RPC.ListFeeds.Result(feeds: [feed]))
        #expect(full.contains(#""settings":{"cookie":"(hidden)","headers":["Authorization: (hidden)"],"interval":7200}"#))
        #expect(!full.contains("c00kie") && !full.contains("s3cret"))
        let brief = try Self.json(RPC.ListFeeds.Result(feeds: [feed], form: .brief))
        #expect(!brief.contains("settings"))
        let answer = try Self.json(RPC.FeedSettingsMethod.Result(feed: feed))
        #expect(!answer.contains("c00kie") && !answer.contains("s3cret"))
        #expect(try WireCoding.makeDecoder().decode(RPC.FeedSettingsMethod.Result.self, from: Data(answer.utf8)).feed.settings.interval == 7200)
    }
}
