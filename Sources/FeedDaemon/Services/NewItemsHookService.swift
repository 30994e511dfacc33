import FeedEntities
import FeedIPC
import FeedStorage
import Logging
import ServiceLifecycle

/// Runs the `on_new_items` hooks (and the notification) once per refresh pass that stored
/// items, with all the items of that pass as a `tidings list --json` document on stdin.
///
/// It watches `NewItemsBroadcaster` for the numbers of stored items only (`watchStores`): once items
/// arrive, it waits for every refresh pass to end, then reads everything numbered above the
/// last item it handed to hooks. So a pass is one run, however many batches it stored, and
/// nothing is lost when batches pile up. Hooks run one after another, here, off the refresh
/// path: they never delay or fail a refresh. Items stored by `subscribe` count too.
public struct NewItemsHookService: Service {
    private let newItems: NewItemsBroadcaster
    private let store: any FeedStore
    private let isRefreshing: @Sendable () async -> Bool
    private let hooks: @Sendable () -> NewItemsHooks
    private let runner: any HookRunner
    private let logger: Logger
    /// How often the end of a pass is looked for.
    private let pollInterval: Duration

    /// - Parameters:
    ///   - isRefreshing: whether a refresh pass is running (`RefreshInteractor.isRefreshing`).
    ///   - hooks: the hooks in effect, read at each run (a reload changes them).
    public init(
        newItems: NewItemsBroadcaster, store: any FeedStore, isRefreshing: @escaping @Sendable () async -> Bool,
        hooks: @escaping @Sendable () -> NewItemsHooks, runner: any HookRunner,
        pollInterval: Duration = .milliseconds(250), logger: Logger
    ) {
        self.newItems = newItems
        self.store = store
        self.isRefreshing = isRefreshing
        self.hooks = hooks
        self.runner = runner
        self.pollInterval = pollInterval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var handedUpTo: Int64?
            // Numbers only, not items: with no hooks configured (the default) a store costs one
            // look at the newest number, not a read of every new item.
            for await stored in await newItems.watchStores() {
                let after = handedUpTo ?? stored.lowerBound - 1
                guard stored.upperBound > after else { continue }  // already handed over with an earlier pass
                do {
                    while await isRefreshing() { try await Task.sleep(for: pollInterval) }
                } catch {
                    return
                }
                let settings = hooks()
                guard !settings.isEmpty else {
                    handedUpTo = stored.upperBound
                    continue
                }
                let items = await itemsStored(after: after)
                handedUpTo = max(stored.upperBound, items.last?.id ?? after)
                guard !items.isEmpty else { continue }
                await runHooks(settings, items: items)
            }
        }
    }

    /// Items numbered above `after`, oldest first.
    private func itemsStored(after: Int64) async -> [Item] {
        var items = [Item]()
        var after = after
        do {
            while true {
                let page = try await store.items(ItemQuery(unreadOnly: false, afterID: after, limit: 500))
                items += page
                guard let last = page.last, page.count == 500 else { break }
                after = last.id
            }
        } catch {
            logger.warning("cannot read the new items for hooks: \(error)")
        }
        return items
    }

    /// Each hook in turn, the notification last; stops at shutdown.
    func runHooks(_ settings: NewItemsHooks, items: [Item]) async {
        let input = Array((ItemListDocument.json(items: items).text + "\n").utf8)
        for hook in settings.commands {
            guard !Task.isCancelled else { return }
            _ = await runner.run(hook, input: input)
        }
        if settings.notify, !Task.isCancelled, let notification = NotificationHook.command(for: items) {
            _ = await runner.run(notification, input: [])
        }
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension NewItemsHookService: CustomStringConvertible { public var description: String { "NewItemsHookService" } }
