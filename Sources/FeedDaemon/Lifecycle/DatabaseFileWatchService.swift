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
/// (`tidingsd run`). The store removed the lost file's write-ahead log and shared-memory files
/// from beside the path when it found the loss; SQLite, seeing its file moved, neither
/// checkpoints nor removes anything when the connections close, so nothing at the path is
/// touched on the way out.
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
