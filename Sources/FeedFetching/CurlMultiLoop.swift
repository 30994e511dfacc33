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
    private struct HostLoad {
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

    private struct Inbox {
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
    private let multi: UnsafeMutableRawPointer
    /// Loop-thread state: changed only between turns, from `inbox.options`.
    private var options: FetchOptions
    private let logger: Logger
    private let inbox = Mutex(Inbox())

    // MARK: Loop-thread state

    private var queued: [CurlTransfer] = []
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Whether each active transfer was started as one of a multiplexing origin.
    private var startedMultiplexed: [UnsafeMutableRawPointer: Bool] = [:]
    private var activePerHost: [String: HostLoad] = [:]
    /// Origins (`ValidatedURL.origin`) whose last response came over HTTP/2 or later.
    private var multiplexingOrigins: Set<String> = []

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

    // MARK: - Loop thread

    private func run() {
        logger.debug("curl loop started", metadata: ["libcurl": "\(String(cString: curl_version()))"])
        while true {
            let (submitted, cancelled, newOptions, isStopping) = inbox.withLock { inbox in
                defer {
                    inbox.submitted.removeAll()
                    inbox.cancelled.removeAll()
                    inbox.options = nil
                }
                return (inbox.submitted, inbox.cancelled, inbox.options, inbox.isStopping)
            }
            if isStopping { break }
            if let newOptions {
                options = newOptions
                setConnectionLimits()
            }
            for transfer in submitted {
                if transfer.isCancellationRequested {
                    transfer.finish(.failure(.cancelled))
                } else {
                    queued.append(transfer)
                }
            }
            for transfer in cancelled { abort(transfer) }
            startQueued()

            var running: Int32 = 0
            let performed = curl_multi_perform(multi, &running)
            if performed != CURLM_OK {
                logger.warning("curl_multi_perform failed", metadata: ["error": "\(String(cString: curl_multi_strerror(performed)))"])
            }
            // A host's first response said HTTP/2: the transfers waiting for it may go now.
            if !queued.isEmpty, learnMultiplexing(from: active.values) {
                startQueued()
                continue
            }
            if collectCompleted() > 0 {
                // Freed slots: start waiting transfers before sleeping, then let them run.
                startQueued()
                continue
            }
            // Sleeps until socket activity, the next of libcurl's own timers (timeouts, retries:
            // curl_multi_poll never waits past them) or curl_multi_wakeup. The cap only bounds
            // the idle wake-ups of a daemon that has nothing to do.
            _ = curl_multi_poll(multi, nil, 0, 30_000, nil)
        }
        shutDown()
    }

    /// Backstops only: our own queue already keeps libcurl under these limits, except when
    /// redirects lead many feeds to one host, or a host that multiplexed stops doing so.
    private func setConnectionLimits() {
        _ = tidings_curl_multi_set_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, options.maximumConcurrentTransfers))
        _ = tidings_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, options.maximumPerHost))
        _ = tidings_curl_multi_set_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, Self.streamsPerConnection)
    }

    private func startQueued() {
        var index = queued.startIndex
        while index < queued.endIndex, active.count < options.maximumConcurrentTransfers {
            let transfer = queued[index]
            var load = activePerHost[transfer.url.host, default: HostLoad()]
            if multiplexingOrigins.contains(transfer.url.origin) { load.multiplexed += 1 } else { load.single += 1 }
            // The first transfer to a host always goes, whatever the limit.
            guard load.connections <= max(1, options.maximumPerHost) else {
                index += 1
                continue
            }
            queued.remove(at: index)
            start(transfer)
        }
    }

    /// Remembers which origins multiplex, from the first responses of `transfers`.
    /// - Returns: whether an origin became known to multiplex (waiting transfers may start).
    private func learnMultiplexing(from transfers: some Sequence<CurlTransfer>) -> Bool {
        var learned = false
        for transfer in transfers {
            guard let multiplexes = transfer.multiplexes else { continue }
            let origin = transfer.url.origin
            if multiplexes, !multiplexingOrigins.contains(origin) {
                if multiplexingOrigins.count >= Self.rememberedOrigins { multiplexingOrigins.removeAll() }
                multiplexingOrigins.insert(origin)
                learned = true
            } else if !multiplexes {
                multiplexingOrigins.remove(origin)
            }
        }
        return learned
    }

    private func start(_ transfer: CurlTransfer) {
        let added = curl_multi_add_handle(multi, transfer.easy)
        guard added == CURLM_OK else {
            transfer.finish(.failure(.other("libcurl: \(String(cString: curl_multi_strerror(added)))")))
            return
        }
        transfer.startedAt = .now
        active[transfer.easy] = transfer
        let multiplexed = multiplexingOrigins.contains(transfer.url.origin)
        startedMultiplexed[transfer.easy] = multiplexed
        if multiplexed {
            activePerHost[transfer.url.host, default: HostLoad()].multiplexed += 1
        } else {
            activePerHost[transfer.url.host, default: HostLoad()].single += 1
        }
        logger.debug("fetch started", metadata: ["url": "\(transfer.url.redacted)"])
    }

    /// Takes a transfer out of the multi handle (or the queue) and keeps it alive for the caller.
    private func remove(_ transfer: CurlTransfer) -> Bool {
        if active.removeValue(forKey: transfer.easy) != nil {
            curl_multi_remove_handle(multi, transfer.easy)
            let host = transfer.url.host
            var load = activePerHost[host, default: HostLoad()]
            if startedMultiplexed.removeValue(forKey: transfer.easy) == true {
                load.multiplexed = max(0, load.multiplexed - 1)
            } else {
                load.single = max(0, load.single - 1)
            }
            activePerHost[host] = load.isEmpty ? nil : load
            return true
        }
        if let index = queued.firstIndex(where: { $0 === transfer }) {
            queued.remove(at: index)
            return true
        }
        return false
    }

    private func abort(_ transfer: CurlTransfer) {
        // Not found means it completed in the meantime and its task already has the result.
        guard remove(transfer) else { return }
        logger.debug("fetch cancelled", metadata: ["url": "\(transfer.url.redacted)"])
        transfer.finish(.failure(.cancelled))
    }

    /// Finishes every transfer libcurl reports as done.
    /// - Returns: how many finished.
    private func collectCompleted() -> Int {
        var finished = 0
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = active[easy]
            else { continue }
            let code = tidings_curl_msg_result(message)
            // `message` dies with the removal below; read it first.
            _ = remove(transfer)
            _ = learnMultiplexing(from: [transfer])
            let result = transfer.outcome(for: code)
            log(result, of: transfer)
            transfer.finish(result)
            finished += 1
        }
        return finished
    }

    private func log(_ result: Result<FetchResponse, FetchError>, of transfer: CurlTransfer) {
        guard logger.logLevel <= .debug else { return }
        let elapsed = transfer.startedAt.map { ContinuousClock.now - $0 }.map { "\($0)" } ?? "?"
        switch result {
        case .success(let response):
            logger.debug("fetch finished", metadata: [
                "url": "\(transfer.url.redacted)", "status": "\(response.status)", "bytes": "\(response.body.count)",
                "finalURL": "\(ValidatedURL.redacted(response.finalURL))", "elapsed": "\(elapsed)",
                "http": "\(transfer.multiplexes.map { $0 ? "2+" : "1.x" } ?? "?")",
            ])
        case .failure(let error):
            // `outcome` scrubbed the error of the transfer's secrets.
            logger.debug("fetch failed", metadata: [
                "url": "\(transfer.url.redacted)", "error": "\(error)", "elapsed": "\(elapsed)",
            ])
        }
    }

    private func shutDown() {
        let submitted = inbox.withLock { inbox in
            inbox.isClosed = true
            defer {
                inbox.submitted.removeAll()
                inbox.cancelled.removeAll()
            }
            return inbox.submitted
        }
        let pending = Array(active.values) + queued + submitted
        for transfer in active.values { curl_multi_remove_handle(multi, transfer.easy) }
        active.removeAll()
        startedMultiplexed.removeAll()
        activePerHost.removeAll()
        queued.removeAll()
        curl_multi_cleanup(multi)
        for transfer in pending { transfer.finish(.failure(.cancelled)) }
        logger.debug("curl loop stopped", metadata: ["cancelledTransfers": "\(pending.count)"])

        let waiters = inbox.withLock { inbox in
            inbox.hasExited = true
            defer { inbox.exitWaiters.removeAll() }
            return inbox.exitWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
