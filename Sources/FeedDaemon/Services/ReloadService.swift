import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP (`systemctl --user reload tidingsd`), without dropping
/// clients or transfers, through the same `ConfigurationReloader` as `tidings reload`.
///
/// A graceful shutdown abandons a reload still reading the file (`ConfigurationReloader.shutDown`),
/// whoever asked for it.
struct ReloadService: Service {
    let reloader: ConfigurationReloader

    func run() async throws {
        // From here on SIGHUP is trapped by the sequence; one that came during start-up was
        // recorded by `EarlySignals` and is honoured now.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        // The handler runs before `cancelWhenGracefulShutdown` cancels the loop, so the
        // reload it cancels knows that the daemon is stopping.
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown {
                if EarlySignals.takeHangup() { _ = await reloader.reload() }
                for await _ in hangups {
                    _ = await reloader.reload()
                }
            }
        } onGracefulShutdown: {
            reloader.shutDown()
        }
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension ReloadService: CustomStringConvertible { var description: String { "ReloadService" } }
