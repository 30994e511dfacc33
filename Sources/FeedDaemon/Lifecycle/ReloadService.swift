import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP (`systemctl --user reload tidingsd`), without dropping
/// clients or transfers.
///
/// A new configuration that does not load (bad YAML, unknown key, out-of-range value) is
/// refused as a whole: the daemon keeps the one it runs with and logs why, so a typo never
/// turns into silent defaults.
///
/// The file is read and parsed on a thread of its own (`AbandonableWork`), never on a thread of
/// the cooperative pool, and a graceful shutdown abandons a reload still reading: SIGTERM stops
/// the daemon however long the file takes to load, and the configuration in force is kept.
struct ReloadService: Service {
    /// Reads the configuration file again.
    let load: @Sendable () throws -> DaemonConfiguration
    /// Applies a configuration that loaded; returns what changed, for the log.
    let apply: @Sendable (DaemonConfiguration) async -> [String]
    let notifier: any ServiceManagerNotifier
    let readyStatus: String
    let logger: Logger

    func run() async throws {
        // From here on SIGHUP is trapped by the sequence; one that came during start-up was
        // recorded by `EarlySignals` and is honoured now.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        await cancelWhenGracefulShutdown {
            if EarlySignals.takeHangup() { await reload() }
            for await _ in hangups {
                await reload()
            }
        }
    }

    func reload() async {
        notifier.reloading()
        let configuration: DaemonConfiguration
        do {
            configuration = try await AbandonableWork.run(name: "tidings-reload", load)
        } catch is CancellationError {
            // The daemon is stopping (systemd has been told): no READY=1 after STOPPING=1.
            logger.notice("configuration reload abandoned: the daemon is stopping")
            return
        } catch {
            logger.error("configuration not reloaded, keeping the current one: \(error)")
            notifier.ready(status: readyStatus)
            return
        }
        let changes = await apply(configuration)
        notifier.ready(status: readyStatus)
        logger.notice(
            "configuration reloaded: \(changes.isEmpty ? "nothing changed" : changes.joined(separator: ", "))")
    }
}


// A name for the service group's log lines (the default dumps every stored property).
extension ReloadService: CustomStringConvertible { var description: String { "ReloadService" } }
