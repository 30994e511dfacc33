import FeedStorage
import Logging
import ServiceLifecycle

/// Ends the daemon when its database file is deleted or replaced under it.
///
/// Every store call compares the path's device and inode with the file the store opened; this
/// service also checks once every `interval`, so an idle daemon notices too. On a loss the store
/// already refuses every call (clients are answered with the loss, `-32010`); the service logs
/// it as critical, saves the database the daemon still holds open beside the path, and throws
/// `DatabaseFileLostError`, which stops the service group: the daemon exits non-zero
/// (`tidingsd run`) and lets go of its connections. SQLite then removes the write-ahead log
/// and shared-memory files at the path, which belonged to the lost file and would otherwise be
/// read into the file now at the path.
public struct DatabaseFileWatchService: Service {
    private let store: any DatabaseFileWatching
    private let interval: Duration
    private let logger: Logger

    public init(store: any DatabaseFileWatching, interval: Duration = .seconds(60), logger: Logger) {
        self.store = store
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        guard var loss = await cancelWhenGracefulShutdown({ await firstLoss() }) else { return }
        logger.critical("\(loss)")
        do {
            loss.savedCopy = try await store.saveLostDatabase()
            logger.notice("saved the database tidingsd had open as \(loss.savedCopy ?? "")")
        } catch {
            logger.error("could not save the database tidingsd had open: \(error)")
        }
        throw loss
    }

    /// The loss a store call or the periodic check finds first; `nil` when cancelled.
    private func firstLoss() async -> DatabaseFileLostError? {
        await withTaskGroup(of: DatabaseFileLostError?.self) { group in
            group.addTask {
                for await loss in store.fileLosses { return loss }
                return nil
            }
            group.addTask {
                while true {
                    if let loss = store.checkFile() { return loss }
                    do { try await Task.sleep(for: interval) } catch { return nil }
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension DatabaseFileWatchService: CustomStringConvertible {
    public var description: String { "DatabaseFileWatchService" }
}
