import FeedEntities
import FeedIPC
import Foundation
import Testing

struct WireCodingTests {
    @Test func requestRoundTripsThroughEnvelope() throws {
        let request = RPCRequest(id: .number(7), method: RPC.GetItem.name, params: RPC.GetItem.Params(number: 42))
        let line = try WireCoding.line(request, encoder: WireCoding.makeEncoder())
        #expect(line.last == 0x0A)
        let decoder = WireCoding.makeDecoder()
        let envelope = try decoder.decode(RPCEnvelope.self, from: line)
        #expect(envelope.id == .number(7))
        #expect(envelope.method == "items.get")
        #expect(envelope.jsonrpc == "2.0")
        let params = try decoder.decode(RPCParamsEnvelope<RPC.GetItem.Params>.self, from: line).params
        #expect(params?.number == 42)
    }

    @Test func errorResponseCarriesExplicitNullID() throws {
        let response = RPCErrorResponse(id: nil, error: RPCError(.parseError, "Parse error"))
        let text = String(decoding: try WireCoding.makeEncoder().encode(response), as: UTF8.self)
        #expect(text == #"{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}"#)
    }

    @Test func itemDatesRoundTrip() throws {
        let item = Item(id: 1, feedID: 2, feedTitle: "F", published: Date(timeIntervalSince1970: 1_700_000_000),
                        firstSeen: Date(timeIntervalSince1970: 1_700_000_100))
        let data = try WireCoding.makeEncoder().encode(item)
        #expect(try WireCoding.makeDecoder().decode(Item.self, from: data) == item)
    }

    @Test func socketLocationPrecedence() {
        #expect(SocketLocation.resolve(explicit: "/x.sock", environment: ["TIDINGS_SOCKET": "/y"], uid: 5) == "/x.sock")
        #expect(SocketLocation.resolve(explicit: nil, environment: ["TIDINGS_SOCKET": "/y"], uid: 5) == "/y")
        // A runtime directory that is no private directory of the user's (here: none at all)
        // gets the uid in the name; SocketLocationTests covers the private one.
        #expect(SocketLocation.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/nonexistent/run/user/5"], uid: 5)
            == "/nonexistent/run/user/5/tidings-5/tidingsd.sock")
        #expect(SocketLocation.resolve(explicit: nil, environment: [:], uid: 5) == "/tmp/tidings-5/tidingsd.sock")
    }
}
