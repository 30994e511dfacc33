import FeedEntities
import FeedIPC
import Foundation
import Logging
import Synchronization

/// Reads the configuration file again and applies it: the one path for SIGHUP
/// (`ReloadService`) and for `daemon.reload` (`tidings reload`), so both behave the same.
///
/// A new configuration that does not load (bad YAML, unknown key, out-of-range value) is refused
/// as a whole: the daemon keeps the one it runs with, logs why and remembers the refusal for
/// `status` until a later reload succeeds. Reloads run one at a time, in the order they were
/// asked for, so that the last file read is the one in force.
///
/// The file is read and parsed on a thread of its own (`AbandonableWork`), never on a thread of
/// the cooperative pool. A graceful shutdown (`shutDown`) abandons a reload still reading, so
/// SIGTERM stops the daemon however long the file takes to load, and the configuration in
/// force is kept.
public final class ConfigurationReloader: Sendable {
    /// The file read, for messages and `status`.
    public let configPath: String
    private let load: @Sendable () throws -> DaemonConfiguration
    private let apply: @Sendable (DaemonConfiguration) async -> [String]
    private let notifier: any ServiceManagerNotifier
    private let readyStatus: String
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        /// The reload asked for last; the next one waits for it.
        var latest: Task<ReloadOutcome, Never>?
        var stopping = false
        var lastFailure: ReloadFailure?
    }

    /// - Parameters:
    ///   - load: reads the file (and applies command-line overrides); throws what is wrong.
    ///   - apply: installs a configuration that loaded; returns what changed, for the log and
    ///     the answer to `daemon.reload`.
    ///   - readyStatus: the `systemctl status` line to restore once a reload is over.
    init(
        configPath: String, load: @escaping @Sendable () throws -> DaemonConfiguration,
        apply: @escaping @Sendable (DaemonConfiguration) async -> [String], notifier: any ServiceManagerNotifier,
        readyStatus: String, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.configPath = configPath
        self.load = load
        self.apply = apply
        self.notifier = notifier
        self.readyStatus = readyStatus
        self.now = now
        self.logger = logger
    }

    /// The last reload, if it was refused; `nil` once one succeeds.
    public var lastFailure: ReloadFailure? { state.withLock { $0.lastFailure } }

    /// Reloads after any reload already asked for.
    /// - Returns: what happened. Cancelling the caller abandons this reload (the configuration
    ///   in force is kept); so does a shutdown.
    public func reload() async -> ReloadOutcome {
        let task: Task<ReloadOutcome, Never>? = state.withLock { state in
            guard !state.stopping else { return nil }
            let previous = state.latest
            let task = Task {
                _ = await previous?.value
                return await self.perform()
            }
            state.latest = task
            return task
        }
        guard let task else { return .abandoned }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Abandons the reload in progress, if any, and refuses later ones: the daemon is stopping.
    /// Synchronous, for a graceful-shutdown handler, so that the reload it cancels knows why.
    func shutDown() {
        let latest = state.withLock { state in
            state.stopping = true
            return state.latest
        }
        latest?.cancel()
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    /// READY=1 after a reload, unless systemd has been told STOPPING=1 meanwhile.
    private func readyUnlessStopping() {
        if !isStopping { notifier.ready(status: readyStatus) }
    }

    private func perform() async -> ReloadOutcome {
        // Queued behind another reload: stopping, or its client gone, it is not begun.
        guard !isStopping, !Task.isCancelled else { return .abandoned }
        notifier.reloading()
        let configuration: DaemonConfiguration
        do {
            configuration = try await AbandonableWork.run(name: "tidings-reload", load)
        } catch is CancellationError {
            guard !isStopping else {
                // systemd has been told STOPPING=1: no READY=1 after it.
                logger.notice("configuration reload abandoned: the daemon is stopping")
                return .abandoned
            }
            logger.notice("configuration reload abandoned: the client that asked for it went away")
            notifier.ready(status: readyStatus)
            return .abandoned
        } catch {
            let failure = ReloadFailure(at: now(), error: "\(error)")
            state.withLock { $0.lastFailure = failure }
            logger.error("configuration not reloaded, keeping the current one: \(error)")
            readyUnlessStopping()
            return .refused(failure)
        }
        let changes = await apply(configuration)
        state.withLock { $0.lastFailure = nil }
        readyUnlessStopping()
        logger.notice(
            "configuration reloaded: \(changes.isEmpty ? "nothing changed" : changes.joined(separator: ", "))")
        return .reloaded(configuration, changes: changes)
    }
}

/// How one reload ended.
public enum ReloadOutcome: Sendable {
    /// The file loaded and is in force; `changes` says what changed (empty: nothing).
    case reloaded(DaemonConfiguration, changes: [String])
    /// The file did not load; the configuration in force is kept.
    case refused(ReloadFailure)
    /// The daemon is stopping, or the caller went away, before the file was read.
    case abandoned
}
