@testable import FeedDaemon
import FeedEntities
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

/// The hook service over a real (in-memory) store and broadcaster, with a runner that records.
struct NewItemsHookServiceTests {
    final class RecordingRunner: HookRunner {
        let runs = Mutex<[(HookCommand, [UInt8])]>([])

        func run(_ hook: HookCommand, input: [UInt8]) async -> HookResult {
            runs.withLock { $0.append((hook, input)) }
            return HookResult(ending: .exited(0))
        }

        var count: Int { runs.withLock { $0.count } }
    }

    let store: SQLiteFeedStore
    let broadcaster: NewItemsBroadcaster
    let runner = RecordingRunner()
    let refreshing = Flag()

    /// A flag that counts how often it was read: the service reads it once it has new items.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        private let reads = Atomic<Int>(0)
        func set(_ new: Bool) { value.store(new, ordering: .relaxed) }
        var isSet: Bool {
            reads.add(1, ordering: .relaxed)
            return value.load(ordering: .relaxed)
        }
        var readCount: Int { reads.load(ordering: .relaxed) }
    }

    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func add() { value.add(1, ordering: .relaxed) }
        var count: Int { value.load(ordering: .relaxed) }
    }

    init() throws {
        store = try SQLiteFeedStore.inMemory()
        broadcaster = NewItemsBroadcaster(store: store, logger: Logger(label: "test"))
    }

    private func addFeed(_ name: String, items count: Int) async throws {
        let items = (1...count).map { ParsedItem(id: "\(name)-\($0)", title: "\(name) \($0)", link: "https://example.org/\(name)/\($0)") }
        _ = try await store.addFeed(
            url: "https://example.org/\(name)", document: ParsedFeed(format: .rss20, title: name, items: items), fetchedAt: Date())
        await broadcaster.storedNewItems()
    }

    /// Waits for `condition`, failing the test if it never holds. Generous on purpose: under the
    /// whole suite's load, starting the service's task alone has taken seconds.
    private func waitUntil(_ condition: () async -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("condition not met within 60 s", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func runsEachHookOnceAPassWithAllItsItems() async throws {
        let hooks = NewItemsHooks(commands: [HookCommand(arguments: ["/bin/true"], name: "on_new_items[0]")], notify: true)
        let service = NewItemsHookService(
            newItems: broadcaster, store: store, isRefreshing: { [refreshing] in refreshing.isSet },
            hooks: { hooks }, runner: runner, pollInterval: .milliseconds(10), logger: Logger(label: "test"))
        let running = Task { try await service.run() }
        defer { running.cancel() }
        try await waitUntil { await broadcaster.storeWatcherCount == 1 }

        refreshing.set(true)
        try await addFeed("a", items: 3)
        try await addFeed("b", items: 2)
        // The service has the new items and waits for the pass: it looks at the flag again.
        try await waitUntil { refreshing.readCount >= 2 }
        #expect(runner.count == 0, "no hook while the pass runs")
        refreshing.set(false)
        try await waitUntil { runner.count == 2 }

        let runs = runner.runs.withLock { $0 }
        try #require(runs.count == 2)
        #expect(runs[0].0.name == "on_new_items[0]")
        let document = try JSONSerialization.jsonObject(with: Data(runs[0].1)) as? [String: Any]
        let titles = (document?["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(Set(titles) == ["a 1", "a 2", "a 3", "b 1", "b 2"], "\(titles)")
        #expect(runs[1].0.arguments.prefix(4) == ["notify-send", "--app-name=Tidings", "--", "5 new items in 2 feeds"])

        // The next pass hands over only its own items.
        try await addFeed("c", items: 1)
        try await waitUntil { runner.count == 4 }
        let next = runner.runs.withLock { $0[2].1 }
        #expect(String(decoding: next, as: UTF8.self).contains(#""title":"c 1""#))
        #expect(!String(decoding: next, as: UTF8.self).contains(#""title":"a 1""#))
    }

    @Test func runsNothingWithoutHooks() async throws {
        // The service reads the hooks once it has new items and the pass is over.
        let hooksRead = Counter()
        let service = NewItemsHookService(
            newItems: broadcaster, store: store, isRefreshing: { false },
            hooks: { hooksRead.add(); return NewItemsHooks() }, runner: runner,
            pollInterval: .milliseconds(10), logger: Logger(label: "test"))
        let running = Task { try await service.run() }
        defer { running.cancel() }
        try await waitUntil { await broadcaster.storeWatcherCount == 1 }
        try await addFeed("a", items: 2)
        try await waitUntil { hooksRead.count == 1 }
        #expect(runner.count == 0)
    }
}
