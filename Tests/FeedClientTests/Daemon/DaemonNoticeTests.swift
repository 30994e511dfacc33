import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

/// `DaemonClient.request(_:_:notices:_:)`: a request's notifications of one kind, decoded, with
/// one policy for the rest.
struct DaemonNoticeTests {
    @Test func noticesOfTheKindArriveInOrderOthersArePassedOverAndBadOnesAreUnreadable() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Refresh.self, RPC.Refresh.Result(outcomes: []))
        daemon.notificationLines[RPC.Refresh.name] = [
            try WireCoding.line(RPCNotification(method: RPC.Refresh.Progress.method, params: RPC.Refresh.Progress(done: 1, total: 3, errors: 0)), encoder: WireCoding.makeEncoder()),
            Data(#"{"jsonrpc":"2.0","method":"items.new","params":{"items":[]}}"#.utf8),
            Data(#"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":"two"}}"#.utf8),
            Data("not json".utf8),
            try WireCoding.line(RPCNotification(method: RPC.Refresh.Progress.method, params: RPC.Refresh.Progress(done: 3, total: 3, errors: 1)), encoder: WireCoding.makeEncoder()),
        ]
        var received: [RPC.Refresh.Progress] = []
        var unreadable: [String] = []
        let result = try await daemon.request(RPC.Refresh.self, .init(feeds: nil), notices: RPC.Refresh.Progress.self) { notice in
            switch notice {
            case .received(let progress): received.append(progress)
            case .unreadable(let reason): unreadable.append(reason)
            }
        }
        #expect(result.outcomes.isEmpty)
        #expect(received == [RPC.Refresh.Progress(done: 1, total: 3, errors: 0), RPC.Refresh.Progress(done: 3, total: 3, errors: 1)])
        #expect(unreadable.count == 1 && unreadable[0].hasPrefix("params.done: "), "\(unreadable)")
    }

    @Test func aRefusalArrivesAsADaemonRefusal() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Refresh.self, with: RPCError(.notFound, "no feed matches 'x'"))
        await #expect(throws: DaemonRefusal.notFound(message: "no feed matches 'x'")) {
            try await daemon.request(RPC.Refresh.self, .init(feeds: ["x"]), notices: RPC.Refresh.Progress.self) { _ in }
        }
    }
}
