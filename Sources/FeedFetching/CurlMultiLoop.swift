import CCurl
import Logging
import Synchronization

// Foundation for `Thread` (portable, named threads); the daemon links Foundation anyway.
import Foundation

/// The one thread that drives every transfer: a libcurl multi handle polled in a loop.
///
/// Other threads talk to it only through `inbox` (submissions, cancellations, shutdown) and wake
/// it with `curl_multi_wakeup`, the one multi-handle call libcurl allows from any thread. Every
/// other libcurl call on the multi handle, and every callback, happens on the loop thread, so
/// blocking there never touches Swift's cooperative pool.
///
/// Transfers wait in a queue of our own until a slot is free overall and for their host, rather
/// than in libcurl's: libcurl starts CURLOPT_TIMEOUT when a handle is added, so a transfer queued
/// inside libcurl behind slow ones would time out before sending a byte.
///
/// The per-host limit counts connections, as a server sees them. Over HTTP/1.1 a connection
/// carries one transfer at a time, so a host gets `maximumPerHost` transfers at once. An origin
/// whose responses came over HTTP/2 multiplexes: its transfers share connections, up to
/// `streamsPerConnection` each (https transfers set CURLOPT_PIPEWAIT, so they wait for the
/// first connection rather than open more), and a host that carries many feeds over HTTP/2
/// has them fetched at once over one connection.
final class CurlMultiLoop: @unchecked Sendable {
    /// Transfers at once on one multiplexed connection: libcurl's CURLMOPT_MAX_CONCURRENT_STREAMS,
    /// set to this; servers allow at least as many (nginx 128, RFC 9113 recommends 100 or more).
    static let streamsPerConnection = 100
    /// Origins remembered as multiplexing at most; past it the memory starts again (a daemon
    /// with more https origins than this relearns them, one transfer each).
    static let rememberedOrigins = 10_000

    /// The transfers running against one host, by kind of connection.
    struct HostLoad {
        /// Transfers to origins not known to multiplex: one connection each.
        var single = 0
        /// Transfers to origins known to multiplex: they share connections.
        var multiplexed = 0

        /// The connections these transfers need at least.
        var connections: Int {
            single + (multiplexed + CurlMultiLoop.streamsPerConnection - 1) / CurlMultiLoop.streamsPerConnection
        }

        var isEmpty: Bool { single == 0 && multiplexed == 0 }
    }

    struct Inbox {
        var submitted: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        /// Limits to apply from the next turn of the loop (a configuration reload).
        var options: FetchOptions?
        var isStopping = false
        /// Set just before `curl_multi_cleanup`; from then on nobody may call `curl_multi_wakeup`.
        var isClosed = false
        var hasExited = false
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The `CURLM *`.
    let multi: UnsafeMutableRawPointer
    /// Loop-thread state: changed only between turns, from `inbox.options`.
    var options: FetchOptions
    let logger: Logger
    let inbox = Mutex(Inbox())

    // MARK: Loop-thread state

    var queued: [CurlTransfer] = []
    var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Whether each active transfer was started as one of a multiplexing origin.
    var startedMultiplexed: [UnsafeMutableRawPointer: Bool] = [:]
    var activePerHost: [String: HostLoad] = [:]
    /// Origins (`ValidatedURL.origin`) whose last response came over HTTP/2 or later.
    var multiplexingOrigins: Set<String> = []

    init(options: FetchOptions, logger: Logger) {
        CurlGlobal.initialize()
        guard let multi = curl_multi_init() else {
            // Only fails when out of memory at start-up, which nothing can recover from.
            fatalError("libcurl could not create a multi handle")
        }
        self.multi = multi
        self.options = options
        self.logger = logger
        setConnectionLimits()

        let thread = Thread { [self] in run() }
        thread.name = "tidings-curl"
        thread.start()
    }

    // MARK: - Any thread

    /// Queues a transfer whose continuation is attached. After shutdown it fails at once.
    func submit(_ transfer: CurlTransfer) {
        let accepted = inbox.withLock { inbox in
            guard !inbox.isStopping else { return false }
            inbox.submitted.append(transfer)
            curl_multi_wakeup(multi)
            return true
        }
        if !accepted { transfer.finish(.failure(.cancelled)) }
    }

    /// Aborts a transfer on behalf of its cancelled task; it finishes with `.cancelled`.
    func cancel(_ transfer: CurlTransfer) {
        // The flag is set first, so a transfer whose submission the loop has not read yet is
        // dropped when it is read; the inbox entry only wakes the loop for one already running.
        guard transfer.requestCancellation() else { return }
        inbox.withLock { inbox in
            guard !inbox.isStopping else { return }
            inbox.cancelled.append(transfer)
            curl_multi_wakeup(multi)
        }
    }

    /// Applies new concurrency limits from the next turn of the loop; transfers already running
    /// go on (a lower limit only delays the next ones).
    func reconfigure(_ options: FetchOptions) {
        inbox.withLock { inbox in
            guard !inbox.isStopping else { return }
            inbox.options = options
            curl_multi_wakeup(multi)
        }
    }

    /// Asks the loop to stop: every transfer not yet finished fails with `.cancelled`.
    /// Returns at once; `waitUntilExited` waits for the thread.
    func stop() {
        inbox.withLock { inbox in
            guard !inbox.isStopping else { return }
            inbox.isStopping = true
            if !inbox.isClosed { curl_multi_wakeup(multi) }
        }
    }

    /// Returns once the loop thread has failed its transfers and released the multi handle.
    func waitUntilExited() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let exited = inbox.withLock { inbox in
                if !inbox.hasExited { inbox.exitWaiters.append(continuation) }
                return inbox.hasExited
            }
            if exited { continuation.resume() }
        }
    }
}
