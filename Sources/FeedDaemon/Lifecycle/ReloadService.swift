import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP (`systemctl --user reload tidingsd`), without dropping
/// clients or transfers.
///
/// A new configuration that does not load (bad YAML, unknown key, out-of-range value) is
/// refused as a whole: the daemon keeps the one it runs with and logs why, so a typo never
/// turns into silent defaults.
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
        if EarlySignals.takeHangup() { await reload() }
        await cancelWhenGracefulShutdown {
            for await _ in hangups {
                await reload()
            }
        }
    }

    func reload() async {
        notifier.reloading()
        defer { notifier.ready(status: readyStatus) }
        let configuration: DaemonConfiguration
        do {
            configuration = try load()
        } catch {
            logger.error("configuration not reloaded, keeping the current one: \(error)")
            return
        }
        let changes = await apply(configuration)
        logger.notice(
            "configuration reloaded: \(changes.isEmpty ? "nothing changed" : changes.joined(separator: ", "))")
    }
}


// A name for the service group's log lines (the default dumps every stored property).
extension ReloadService: CustomStringConvertible { var description: String { "ReloadService" } }
