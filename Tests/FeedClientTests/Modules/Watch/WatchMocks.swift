#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC
@testable import FeedClient

final class WatchViewSpy: WatchView {
    private(set) var shown: [[ItemRow]] = []
    private(set) var notes: [String] = []
    private(set) var failures: [CommandFailure] = []
    func showItems(_ rows: [ItemRow]) { shown.append(rows) }
    func showNote(_ note: String) { notes.append(note) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class WatchUseCaseStub: WatchUseCase {
    var events: [WatchEvent]
    var error: (any Error)?
    private(set) var watches = 0
    init(events: [WatchEvent], error: (any Error)? = nil) {
        self.events = events
        self.error = error
    }
    func watch(_ onEvent: (WatchEvent) -> Void) async throws {
        watches += 1
        events.forEach(onEvent)
        if let error { throw error }
    }
}

/// Notification lines as the daemon writes them.
enum WatchLines {
    static func newItems(_ items: [Item]) -> Data {
        try! WireCoding.line(
            RPCNotification(method: RPC.Watch.NewItems.method, params: RPC.Watch.NewItems(items: items)),
            encoder: WireCoding.makeEncoder())
    }

    static func raw(_ text: String) -> Data { Data(text.utf8) }
}
