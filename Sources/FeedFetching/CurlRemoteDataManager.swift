import Logging
import Synchronization

/// `RemoteDataManager` on libcurl's multi interface.
///
/// All transfers run on one dedicated thread (see `CurlMultiLoop`); `fetch` only queues a
/// transfer and suspends, so no thread of Swift's cooperative pool ever blocks on the network.
/// At most `FetchOptions.maximumConcurrentTransfers` run at once, over at most `maximumPerHost`
/// connections per host (one transfer each over HTTP/1.1, many over HTTP/2); the rest wait in
/// FIFO order, and their timeouts start when they leave the queue.
///
/// Proxies come from `FetchOptions.proxy`, a request's `TransferSettings.proxy`, or else the
/// usual environment variables (`http_proxy`, `https_proxy`, `no_proxy`), which libcurl honours
/// by default.
public final class CurlRemoteDataManager: RemoteDataManager {
    private let options: Mutex<FetchOptions>
    private let logger: Logger
    private let loop: CurlMultiLoop

    /// Starts the transfer thread.
    public init(options: FetchOptions, logger: Logger) {
        self.options = Mutex(options)
        self.logger = logger
        self.loop = CurlMultiLoop(options: options, logger: logger)
    }

    deinit {
        // The thread holds the loop, not the manager: it finishes cancelling and releases the
        // multi handle on its own.
        loop.stop()
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        try await fetch(request, sink: nil)
    }

    public func fetch(_ request: FetchRequest, bodySink sink: any FetchBodySink) async throws(FetchError) -> FetchResponse {
        try await fetch(request, sink: sink)
    }

    private func fetch(_ request: FetchRequest, sink: (any FetchBodySink)?) async throws(FetchError) -> FetchResponse {
        let url: ValidatedURL
        do throws(FetchError) {
            url = try ValidatedURL(request.url)
        } catch {
            // `.invalidURL` repeats the URL, which may hold a password.
            throw error.redacting(ValidatedURL.parts(of: request.url)?.secrets ?? [])
        }
        if Task.isCancelled { throw .cancelled }
        // Its errors never repeat a value of the settings.
        var transfer = try CurlTransfer(request: request, url: url, options: options.withLock { $0 }, sink: sink)
        while true {
            let result = await run(transfer)
            guard request.crossOriginRedirects == .followWithoutSecrets, case .crossOriginRedirect(let target)? = transfer.abortReason
            else { return try result.get() }
            transfer = try continuation(of: transfer, to: target)
        }
    }

    /// Runs one transfer on the loop thread and waits for its outcome.
    private func run(_ transfer: CurlTransfer) async -> Result<FetchResponse, FetchError> {
        let loop = self.loop
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if transfer.attach(continuation) { loop.submit(transfer) }
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }

    /// The transfer that follows `previous`'s redirect to `target`, another origin, without the
    /// secrets of its settings (`TransferSettings.withoutOriginBoundSecrets`), within what is
    /// left of its redirects and its time (counted from when each transfer left the queue, as
    /// libcurl counts it). The continuation resumed by `previous.finish` ordered its callbacks'
    /// last writes before these reads.
    private func continuation(of previous: CurlTransfer, to target: String) throws(FetchError) -> CurlTransfer {
        if Task.isCancelled { throw .cancelled }
        let hops = previous.chain.hops + previous.redirects
        let maximum = previous.options.maximumRedirects
        guard maximum < 0 || hops.count <= maximum else { throw .tooManyRedirects }
        let used = previous.startedAt.map { ContinuousClock.now - $0 } ?? .zero
        let remaining = previous.options.transferTimeout - used
        guard remaining > .zero else { throw .timedOut(seconds: Int(previous.chain.timeout.components.seconds)) }
        var request = previous.request
        request.url = target
        request.settings = request.settings.withoutOriginBoundSecrets
        request.settings.transferTimeout = remaining
        var options = previous.options
        if maximum >= 0 { options.maximumRedirects = maximum - hops.count }
        let url: ValidatedURL
        do throws(FetchError) {
            url = try ValidatedURL(target)
        } catch {
            throw error.redacting(ValidatedURL.parts(of: target)?.secrets ?? [])
        }
        logger.debug(
            "redirect to another origin followed without the feed's credentials",
            metadata: ["from": "\(previous.url.origin)", "to": "\(url.origin)"])
        return try CurlTransfer(
            request: request, url: url, options: options, sink: previous.sink,
            chain: CurlTransfer.Chain(start: previous.chain.start, hops: hops, timeout: previous.chain.timeout))
    }

    /// New options (a configuration reload): timeouts and the size limit apply to transfers
    /// that start from now on, concurrency limits from the loop's next turn.
    public func reconfigure(_ newOptions: FetchOptions) {
        options.withLock { $0 = newOptions }
        loop.reconfigure(newOptions)
    }

    /// Stops the transfer thread: transfers in progress or queued fail with `.cancelled`, and
    /// later fetches fail with `.cancelled` at once. Returns when the thread has released
    /// libcurl's resources. Calling it again does nothing.
    public func shutdown() async {
        loop.stop()
        await loop.waitUntilExited()
    }
}
