import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct WatchInteractorTests {
    let daemon = DaemonClientStub()

    func watch() async throws -> [WatchEvent] {
        var events: [WatchEvent] = []
        try await WatchInteractor(daemon: daemon).watch { events.append($0) }
        return events
    }

    @Test func newItemsArriveAsTheyAreAnnounced() async throws {
        daemon.stub(RPC.Watch.self, Empty())
        daemon.notificationLines[RPC.Watch.name] = [
            WatchLines.newItems([Fixtures.item(41), Fixtures.item(42)]),
            WatchLines.newItems([Fixtures.item(43)]),
        ]
        let events = try await watch()
        #expect(events == [.newItems([Fixtures.item(41), Fixtures.item(42)]), .newItems([Fixtures.item(43)])])
        #expect(daemon.methods == ["watch"])
    }

    @Test func otherNotificationsAreIgnoredAndUnreadableOnesReported() async throws {
        daemon.stub(RPC.Watch.self, Empty())
        daemon.notificationLines[RPC.Watch.name] = [
            WatchLines.raw(#"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":1,"total":2,"errors":0}}"#),
            WatchLines.raw(#"{"jsonrpc":"2.0","method":"items.new","params":{"items":[{"id":"seven"}]}}"#),
            WatchLines.raw(#"{"jsonrpc":"2.0","method":"items.new"}"#),
            WatchLines.newItems([Fixtures.item(44)]),
        ]
        let events = try await watch()
        #expect(events.count == 3)
        guard case .unreadable(let reason) = events[0] else { Issue.record("\(events[0])"); return }
        #expect(reason.hasPrefix("params.items.0.id: "))
        guard case .unreadable = events[1] else { Issue.record("\(events[1])"); return }
        #expect(events[2] == .newItems([Fixtures.item(44)]))
    }

    @Test func aLostConnectionIsThrown() async {
        daemon.fail(RPC.Watch.self, with: DaemonClientError.connectionLost)
        daemon.notificationLines[RPC.Watch.name] = [WatchLines.newItems([Fixtures.item(1)])]
        var events: [WatchEvent] = []
        await #expect(throws: DaemonClientError.connectionLost) {
            try await WatchInteractor(daemon: daemon).watch { events.append($0) }
        }
        #expect(events == [.newItems([Fixtures.item(1)])])
    }
}
