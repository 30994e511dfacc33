import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

struct RefreshFeedsInteractorTests {
    @Test func refreshesAllFeedsWhenNoneAreNamed() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Refresh.self, .init(outcomes: [RefreshOutcome(feedID: 1, title: "A", url: "u", newItems: 2)]))
        let interactor = RefreshFeedsInteractor(daemon: daemon)
        #expect(try await interactor.refresh([], progress: { _ in }).map(\.newItems) == [2])
        _ = try await interactor.refresh(["1", "Kernel"], progress: { _ in })
        #expect(daemon.params(of: RPC.Refresh.self) == [.init(feeds: nil), .init(feeds: ["1", "Kernel"])])
    }

    @Test func passesOnProgressNotificationsAndIgnoresOthers() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Refresh.self, .init(outcomes: []))
        daemon.notificationLines[RPC.Refresh.name] = [
            #"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":0,"total":2,"errors":0}}"#,
            #"{"jsonrpc":"2.0","method":"items.new","params":{"items":[]}}"#,
            #"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":1,"total":2,"errors":1,"outcome":{"feedID":7,"title":"B","url":"u","newItems":0,"error":"x"}}}"#,
            #"{"jsonrpc":"2.0","method":"refresh.progress","params":"garbage"}"#,
        ].map { Data($0.utf8) }
        var seen: [RefreshProgress] = []
        _ = try await RefreshFeedsInteractor(daemon: daemon).refresh([], progress: { seen.append($0) })
        #expect(seen.map(\.done) == [0, 1])
        #expect(seen.last?.outcome?.feedID == 7 && seen.last?.errors == 1)
    }
}
