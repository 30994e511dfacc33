import CCurl
import Logging
import Synchronization
import Foundation

/// What runs on `CurlMultiLoop`'s own thread: the multi handle's loop, the per-host and
/// connection limits, starting queued transfers, collecting the completed ones and shutting down.
extension CurlMultiLoop {
    // MARK: - Loop thread

    func run() {
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
    func setConnectionLimits() {
        _ = tidings_curl_multi_set_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, options.maximumConcurrentTransfers))
        _ = tidings_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, options.maximumPerHost))
        _ = tidings_curl_multi_set_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, Self.streamsPerConnection)
    }

    func startQueued() {
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
    func learnMultiplexing(from transfers: some Sequence<CurlTransfer>) -> Bool {
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

    func start(_ transfer: CurlTransfer) {
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
    func remove(_ transfer: CurlTransfer) -> Bool {
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

    func abort(_ transfer: CurlTransfer) {
        // Not found means it completed in the meantime and its task already has the result.
        guard remove(transfer) else { return }
        logger.debug("fetch cancelled", metadata: ["url": "\(transfer.url.redacted)"])
        transfer.finish(.failure(.cancelled))
    }

    /// Finishes every transfer libcurl reports as done.
    /// - Returns: how many finished.
    func collectCompleted() -> Int {
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

    func log(_ result: Result<FetchResponse, FetchError>, of transfer: CurlTransfer) {
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

    func shutDown() {
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
