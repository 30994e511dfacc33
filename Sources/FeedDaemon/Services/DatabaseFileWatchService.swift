import FeedStorage
import Logging
import ServiceLifecycle

/// Ends the daemon when its database file, write-ahead log or shared-memory index is deleted or
/// replaced under it.
///
/// Every store call compares the paths' devices and inodes with the files the store opened; this
/// service also checks once every `interval`, so an idle daemon notices too. On a loss the store
/// already refuses every call (clients are answered with the loss, `-32010`); the service logs
/// it as critical, saves the database the daemon still holds open beside the path (and, when
/// only the log or index was lost, puts that copy, which has every committed change, back at
/// the path), and throws
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
        guard let loss = await cancelWhenGracefulShutdown({ await firstLoss() }) else { return }
        try await handle(loss)
    }

    /// The last look, once every other service has stopped and before the daemon lets go of
    /// the database: a file lost since the last check (a log deleted just before SIGTERM) is
    /// handled as any loss, so that a clean stop never closes the store over it.
    /// - Throws: the loss, after saving the database.
    public func finalCheck() async throws {
        if let loss = store.checkFile() { try await handle(loss) }
    }

    /// Logs `loss`, saves the database the store still has open, and throws the loss with
    /// where it was saved.
    private func handle(_ found: DatabaseFileLostError) async throws -> Never {
        var loss = found
        logger.critical("\(loss)")
        do {
            let saved = try await store.saveLostDatabase()
            loss.savedCopy = saved
            if loss.file == .database {
                logger.notice("saved the database tidingsd had open as \(saved)")
            } else {
                logger.notice("put the database tidingsd had open, with every change it committed, back at \(saved)")
            }
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
            // Damage stops writes, not the daemon: it goes on answering what it can, and
            // `status` and `maintenance` say how to restore.
            group.addTask { [logger] in
                for await damage in store.damages { logger.critical("\(damage)") }
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
