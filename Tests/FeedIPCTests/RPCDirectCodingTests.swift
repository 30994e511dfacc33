import FeedEntities
import FeedIPC
import Foundation
import Testing

/// `RPCDirectCoding` writes what `WireCoding`'s encoder writes, byte for byte, and reads it back;
/// whatever it does not expect is left to `JSONDecoder`.
struct RPCDirectCodingTests {
    /// Every member set, strings with every kind of character the writer escapes or passes.
    static let full: Item = {
        var item = Item(
            id: 42, feedID: -7, feedTitle: "Planet \"Quotes\" \\ back/slash\u{1B}[2J\u{7F}\u{85}",
            guid: "tag:example.org,2026:1", title: "Tab\there, newline\nthere, \u{0}\u{8}\u{C}\r\u{1F} é 😀 \u{2028}",
            link: "https://example.org/a?b=c&d=e", author: "Ada", published: Date(timeIntervalSince1970: 1_795_860_000),
            updated: Date(timeIntervalSince1970: -86_401), summary: "<p>s</p>", content: "<p>c</p>",
            categories: ["one", "two"], enclosures: [
                Enclosure(url: "https://example.org/e.mp3", type: "audio/mpeg", length: 123, duration: 61),
                Enclosure(url: "https://example.org/f"),
            ],
            firstSeen: Date(timeIntervalSince1970: 1_795_860_001.75), isRead: true, isStarred: true)
        item.alsoIn = ["Other", ""]
        item.tags = ["a", "b"]
        item.excerpt = "words…"
        return item
    }()

    /// Only the required members.
    static let bare = Item(id: 1, feedID: 2, feedTitle: "", firstSeen: Date(timeIntervalSince1970: 0))

    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        Array(try WireCoding.line(value, encoder: WireCoding.makeEncoder()))
    }

    @Test(arguments: [(full, 1, 2), (bare, nil, nil), (full, nil, 0)] as [(Item, Int?, Int?)])
    func writesAListingAsTheEncoderDoes(item: Item, total: Int?, offset: Int?) throws {
        let result = RPC.ListItems.Result(items: [item, Self.bare, item], total: total, offset: offset)
        let direct = try #require(RPC.ListItems.directCoding)
        let line = WireWriter.responseLine(id: .number(9)) { direct.writeResult(result, &$0) }
        #expect(String(decoding: line, as: UTF8.self) == String(decoding: try Self.encoded(RPCResponse(id: .number(9), result: result)), as: UTF8.self))
        // As the decoder reads it back: the wire keeps whole seconds.
        let decoded = try WireCoding.makeDecoder().decode(RPCIncoming<RPC.ListItems.Result>.self, from: Data(line)).result
        #expect(direct.result(ofResponse: Array(line.dropLast()), id: .number(9)) == decoded)
        #expect(decoded?.items.count == 3)
    }

    @Test func writesRequestsAsTheEncoderDoes() throws {
        let params = RPC.ListItems.Params(
            unreadOnly: false, starredOnly: true, feed: "f", tag: "t", since: Date(timeIntervalSince1970: 1_000), search: "s",
            limit: 50, includeHidden: true, after: 3, before: 4, fromEnd: false, withPosition: true)
        for params in [params, RPC.ListItems.Params()] {
            let line = WireWriter.requestLine(id: .number(2), method: RPC.ListItems.name) {
                RPC.ListItems.directCoding!.writeParams(params, &$0)
            }
            #expect(line == (try Self.encoded(RPCRequest(id: .number(2), method: RPC.ListItems.name, params: params))))
        }
        let hello = RPC.Hello.Params(client: "tidings/1")
        let line = WireWriter.requestLine(id: .string("x"), method: RPC.Hello.name) { RPC.Hello.directCoding!.writeParams(hello, &$0) }
        #expect(line == (try Self.encoded(RPCRequest(id: .string("x"), method: RPC.Hello.name, params: hello))))
    }

    @Test func readsAndWritesHello() throws {
        let result = RPC.Hello.Result(protocolVersion: "1.11", daemonVersion: "0.1.0")
        let direct = try #require(RPC.Hello.directCoding)
        let line = WireWriter.responseLine(id: .number(1)) { direct.writeResult(result, &$0) }
        #expect(line == (try Self.encoded(RPCResponse(id: .number(1), result: result))))
        #expect(direct.result(ofResponse: Array(#"{ "result" : {"daemonVersion":"0.2","later":[{"x":null}],"protocolVersion":"2.0"}, "jsonrpc":"2.0","id":1 }"#.utf8), id: .number(1))
            == RPC.Hello.Result(protocolVersion: "2.0", daemonVersion: "0.2"))
    }

    @Test func readsWhatTheDecoderReadsTheSame() throws {
        // Escapes the writer never writes, null for optional members, members of later versions.
        let line = #"""
            {"id":3,"jsonrpc":"2.0","result":{"items":[{"id":5,"feedID":1,"feedTitle":"\u00e9\/\ud83d\ude00\"","firstSeen":"2026-11-22T10:00:00Z","isRead":false,"title":null,"categories":null,"enclosures":null,"isStarred":null,"future":{"a":[1,true,"x"]},"link":"l"}],"total":null}}
            """#
        let direct = try #require(RPC.ListItems.directCoding)
        let read = try #require(direct.result(ofResponse: Array(line.utf8), id: .number(3)))
        let decoded = try WireCoding.makeDecoder().decode(RPCIncoming<RPC.ListItems.Result>.self, from: Data(line.utf8)).result
        #expect(read == decoded)
        #expect(read.items.first?.feedTitle == "é/😀\"")
    }

    @Test(arguments: [
        #"{"id":3,"jsonrpc":"2.0","error":{"code":-32004,"message":"no feed"}}"#,
        #"{"id":4,"jsonrpc":"2.0","result":{"items":[]}}"#,
        #"{"id":null,"jsonrpc":"2.0","result":{"items":[]}}"#,
        #"{"jsonrpc":"2.0","method":"refresh.progress","params":{}}"#,
        #"{"id":3,"jsonrpc":"2.0","result":{"items":[{"id":1.5,"feedID":1,"feedTitle":"","firstSeen":"2026-11-22T10:00:00Z","isRead":false}]}}"#,
        #"{"id":3,"jsonrpc":"2.0","result":{"items":[{"id":1,"feedID":1,"feedTitle":"","isRead":false}]}}"#,
        #"{"id":3,"jsonrpc":"2.0","result":{"items":[{"id":1,"feedID":1,"feedTitle":"\ud800","firstSeen":"2026-11-22T10:00:00Z","isRead":false}]}}"#,
        #"{"id":3,"jsonrpc":"2.0","result":{"items":[{"id":1,"feedID":1,"feedTitle":"","firstSeen":"yesterday","isRead":false}]}}"#,
        #"{"id":3,"jsonrpc":"2.0","result":{"items":[]}} trailing"#,
        #"{"id":3,"jsonrpc":"2.0","result":{"items":[],}}"#,
        #"{"id":99999999999999999999,"jsonrpc":"2.0","result":{"items":[]}}"#,
    ])
    func leavesToTheDecoderWhatItDoesNotExpect(line: String) throws {
        #expect(RPC.ListItems.directCoding?.result(ofResponse: Array(line.utf8), id: .number(3)) == nil)
    }

    @Test func refusesBytesThatAreNotUTF8() {
        var line = Array(#"{"id":3,"jsonrpc":"2.0","result":{"items":[{"id":1,"feedID":1,"feedTitle":"x","firstSeen":"2026-11-22T10:00:00Z","isRead":false}]}}"#.utf8)
        line[line.firstIndex(of: UInt8(ascii: "x"))!] = 0xFF
        #expect(RPC.ListItems.directCoding?.result(ofResponse: line, id: .number(3)) == nil)
    }

    @Test func readsRequestsAsTheDecoderDoes() throws {
        let params = RPC.ListItems.Params(
            unreadOnly: false, starredOnly: true, feed: "f", tag: "t", since: Date(timeIntervalSince1970: 1_000), search: "s",
            limit: 50, includeHidden: true, after: 3, before: 4, fromEnd: false, withPosition: true, order: "title",
            where: "is:unread (rust OR go)")
        for params in [params, RPC.ListItems.Params()] {
            let line = try Self.encoded(RPCRequest(id: .number(2), method: RPC.ListItems.name, params: params))
            #expect(RPC.ListItems.directCoding?.params(ofRequest: line) == params)
            let envelope = try #require(RPCEnvelope(reading: line))
            #expect(envelope.id == .number(2) && envelope.hasID && envelope.method == RPC.ListItems.name && envelope.jsonrpc == "2.0")
        }
        let hello = try Self.encoded(RPCRequest(id: .number(1), method: RPC.Hello.name, params: RPC.Hello.Params(client: "c")))
        #expect(RPC.Hello.directCoding?.params(ofRequest: hello) == RPC.Hello.Params(client: "c"))
        let notification = try #require(RPCEnvelope(reading: Array(#"{"jsonrpc":"2.0","method":"m","id":null}"#.utf8)))
        #expect(notification.hasID && notification.id == nil)
        #expect(RPCEnvelope(reading: Array(#"{"jsonrpc":"2.0","method":"m"}"#.utf8))?.hasID == false)
    }

    @Test(arguments: [
        #"{"id":"a","jsonrpc":"2.0","method":"items.list","params":{}}"#, #"{"id":1,"method":7}"#, "not json", "[]",
    ])
    func leavesOddEnvelopesToTheDecoder(line: String) {
        #expect(RPCEnvelope(reading: Array(line.utf8)) == nil)
    }

    @Test(arguments: [
        #"{"id":1,"jsonrpc":"2.0","method":"items.list","params":{"limit":"5"}}"#,
        #"{"id":1,"jsonrpc":"2.0","method":"items.list","params":null}"#,
        #"{"id":1,"jsonrpc":"2.0","method":"items.list"}"#,
        #"{"id":1,"jsonrpc":"2.0","method":"items.list","params":{"since":"soon"}}"#,
        #"{"id":1,"jsonrpc":"2.0","method":"items.list","params":[]}"#,
    ])
    func leavesOddParamsToTheDecoder(line: String) {
        #expect(RPC.ListItems.directCoding?.params(ofRequest: Array(line.utf8)) == nil)
    }

    @Test func otherMethodsKeepTheEncoder() {
        #expect(RPC.Search.directCoding == nil)
        #expect(RPC.GetItem.directCoding == nil)
    }
}
