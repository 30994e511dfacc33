#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC
import Synchronization
import Testing
@testable import FeedClient

struct ReaderInteractorTests {
    static func line(_ text: String) -> Data { Data(text.utf8) }

    @Test func refreshReportsProgressAndSumsTheOutcomes() async throws {
        let refresher = DaemonClientStub()
        refresher.notificationLines[RPC.Refresh.name] = [
            Self.line(#"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":0,"total":2,"errors":0}}"#),
            Self.line(#"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":2,"total":2,"errors":1}}"#),
        ]
        refresher.stub(RPC.Refresh.self, .init(outcomes: [
            RefreshOutcome(feedID: 1, title: "A", url: "http://127.0.0.1/a", newItems: 3),
            RefreshOutcome(feedID: 2, title: "B", url: "http://127.0.0.1/b", newItems: 0, error: "HTTP 500"),
        ]))
        let interactor = ReaderInteractor(watcher: try ThreadedDaemonClient(DaemonClientStub()), refresher: try ThreadedDaemonClient(refresher))
        let seen = Mutex<[ReaderRefreshProgress]>([])
        let summary = try await interactor.refresh(feeds: [2, 1]) { progress in seen.withLock { $0.append(progress) } }
        #expect(summary == ReaderRefreshSummary(feeds: 2, newItems: 3, failedFeeds: ["B"]))
        #expect(seen.withLock { $0 } == [ReaderRefreshProgress(done: 0, total: 2, errors: 0), ReaderRefreshProgress(done: 2, total: 2, errors: 1)])
        #expect(refresher.params(of: RPC.Refresh.self) == [.init(feeds: ["2", "1"])])
    }

    @Test func watchPassesNewItemsOnAndIgnoresOtherNotifications() async throws {
        let watcher = DaemonClientStub()
        let encoder = WireCoding.makeEncoder()
        let items = String(decoding: try encoder.encode([Fixtures.item(4)]), as: UTF8.self)
        watcher.notificationLines[RPC.Watch.name] = [
            Self.line(#"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":0,"total":2,"errors":0}}"#),
            Self.line(#"{"jsonrpc":"2.0","method":"items.new","params":{"items":\#(items)}}"#),
        ]
        watcher.stub(RPC.Watch.self, Empty())
        let interactor = ReaderInteractor(watcher: try ThreadedDaemonClient(watcher), refresher: try ThreadedDaemonClient(DaemonClientStub()))
        let seen = Mutex<[[Int64]]>([])
        try await interactor.watch { batch in seen.withLock { $0.append(batch.map(\.id)) } }
        #expect(seen.withLock { $0 } == [[4]])
    }
}
