import FeedEntities
import FeedFetching
import Foundation
import Logging
import Synchronization

/// A `RemoteDataManager` that runs newsboat's command feeds and hands everything else to the
/// one it wraps (libcurl's).
///
/// - `exec:COMMAND`: runs the program; its stdout is a `200` body whose `finalURL` is the
///   address itself (so relative links in it resolve to nothing fetchable).
/// - `filter:COMMAND:URL`: fetches URL through the wrapped fetcher, with the request's
///   validators (a `304` is passed on, the program is not run), pipes the body to the program
///   and answers its stdout with the document's `finalURL`, validators and freshness; never a
///   permanent redirect, which would move the feed off its command.
/// - anything else: the wrapped fetcher, unchanged (streaming too).
///
/// A command runs only for a request that allows it (`FetchRequest.allowsCommand`: a feed the
/// user subscribed to); any other address that names a command is refused as an unsupported
/// scheme, whoever built it.
///
/// Programs run through `SupervisedProcess` as an argv (`CommandWords`, `~/` as `HOME`),
/// never a shell, in the user's home directory: newsboat runs them from wherever the user
/// started it, usually home, while the daemon's own directory (`/` under systemd) means
/// nothing to a script. The fetch options bound them as they bound a transfer: at most
/// `maximumBodySize` bytes of stdout (the program is ended past it) and `transferTimeout`
/// (then its process group gets SIGTERM, SIGKILL 2 s later). Their stderr is logged at info,
/// line by line under the feed's short name. Errors are one line naming the program, never its
/// arguments or its output, which may hold secrets.
public final class CommandFeedFetcher: RemoteDataManager {
    private let inner: any RemoteDataManager
    private let process: SupervisedProcess
    private let limits: Mutex<Bounds>

    /// What `FetchOptions` sets for programs.
    private struct Bounds {
        var timeout: Duration
        var maximumBodySize: Int
    }

    /// - Parameters:
    ///   - inner: fetches every address that is not a command feed, and a filter's URL.
    ///   - options: their `transferTimeout` and `maximumBodySize` bound each program.
    public init(wrapping inner: any RemoteDataManager, options: FetchOptions, process: SupervisedProcess) {
        self.inner = inner
        self.process = process
        self.limits = Mutex(Bounds(timeout: options.transferTimeout, maximumBodySize: options.maximumBodySize))
    }

    /// Takes the limits of `options` for programs started from now on (a reload); the wrapped
    /// fetcher is reconfigured by its owner.
    public func reconfigure(_ options: FetchOptions) {
        limits.withLock { $0 = Bounds(timeout: options.transferTimeout, maximumBodySize: options.maximumBodySize) }
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        switch try Self.address(of: request) {
        case .web: return try await inner.fetch(request)
        case let address: return try await fetchCommand(address, request)
        }
    }

    public func fetch(_ request: FetchRequest, bodySink sink: any FetchBodySink) async throws(FetchError) -> FetchResponse {
        let address = try Self.address(of: request)
        if case .web = address { return try await inner.fetch(request, bodySink: sink) }
        var response = try await fetchCommand(address, request)
        guard response.status == 200 else { return response }
        let body = response.body
        response.body = Data()
        // In pieces, as a download arrives: the parser works on one while the next is copied.
        let piece = 64 * 1024
        var accepted = sink.begin(finalURL: response.finalURL, contentType: response.contentType)
        var offset = 0
        while accepted, offset < body.count {
            let end = min(offset + piece, body.count)
            accepted = body[offset..<end].withUnsafeBytes { sink.receive($0) }
            offset = end
        }
        guard accepted else { throw .cancelled }
        return response
    }

    // MARK: - Commands

    private static func address(of request: FetchRequest) throws(FetchError) -> FeedAddress {
        guard FeedAddress.isCommand(request.url) else { return .web(request.url) }
        guard request.allowsCommand else {
            throw .unsupportedScheme(request.url.prefix { $0 != ":" }.lowercased())
        }
        do {
            return try FeedAddress(request.url)
        } catch {
            throw .other(error.description)
        }
    }

    private func fetchCommand(_ address: FeedAddress, _ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        switch address {
        case .web:
            return try await inner.fetch(request)
        case .exec(let command, let text):
            let output = try await run(command, input: [], name: address.shortName)
            return FetchResponse(finalURL: text, status: 200, body: Data(output))
        case .filter(let command, let url, _):
            // The feed's own settings (cookie, credentials, proxy) apply to the document it filters.
            let document = try await inner.fetch(
                FetchRequest(url: url, etag: request.etag, lastModified: request.lastModified, settings: request.settings))
            guard document.status != 304 else {
                return FetchResponse(
                    finalURL: document.finalURL, status: 304, body: Data(), etag: document.etag,
                    lastModified: document.lastModified, freshFor: document.freshFor)
            }
            let output = try await run(command, input: [UInt8](document.body), name: address.shortName)
            // No Content-Type: its charset spoke of the document, not of what the program made.
            return FetchResponse(
                finalURL: document.finalURL, status: 200, body: Data(output), etag: document.etag,
                lastModified: document.lastModified, freshFor: document.freshFor)
        }
    }

    /// Runs `command` in the home directory with `input` on its stdin.
    /// - Returns: its stdout.
    /// - Throws: `FetchError.other` with one line naming the feed's program (`name`), or
    ///   `.cancelled` when the calling task was cancelled.
    private func run(_ command: CommandWords, input: [UInt8], name: String) async throws(FetchError) -> [UInt8] {
        guard let home = process.homeDirectory else {
            throw .other("\(name) cannot start: no home directory to run it in (HOME is not set)")
        }
        let bounds = limits.withLock { $0 }
        let outcome = await process.run(
            command.arguments(home: home), input: input,
            limits: .init(
                timeout: bounds.timeout, outputLimit: bounds.maximumBodySize, overflow: .stop,
                errorOutput: .logged(label: name, level: .info)),
            directory: home)
        switch outcome.ending {
        case .exited(0): return outcome.output
        case .exited(let status): throw .other("\(name) exited with status \(status)")
        case .signalled(let signal): throw .other("\(name) was killed by signal \(signal)")
        case .timedOut:
            if Task.isCancelled { throw .cancelled }
            throw .other("\(name) timed out after \(Self.seconds(bounds.timeout)) s")
        case .outputTooLarge:
            throw .other("\(name) printed more than \(Self.size(bounds.maximumBodySize)): stopped it")
        case .cannotStart(let reason): throw .other("\(name) cannot start: \(reason)")
        }
    }

    /// Whole seconds, rounded up.
    static func seconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds + (attoseconds > 0 ? 1 : 0)
    }

    /// `32 MiB`, `64 KiB`, `1000 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
