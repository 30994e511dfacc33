import FeedEntities
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging

/// Turns one request line into one response line: decodes, dispatches to the use cases, and maps
/// every failure to the right JSON-RPC error (docs/protocol.md). Never throws: a bad request is
/// answered, not allowed to affect the connection or the daemon.
public struct RequestHandler: Sendable {
    /// Writes one notification line on the requesting connection, before the answer.
    /// - Returns: `false` when the connection is gone.
    public typealias Notify = @Sendable (_ line: Data) async -> Bool
    typealias Route = @Sendable (_ line: Data, _ id: RPCID, _ notify: @escaping Notify) async throws -> Data

    private let routes: [String: Route]
    private let logger: Logger

    public init(_ interactors: DaemonInteractors, logger: Logger) {
        self.logger = logger
        let (refresher, subscriptions, library, reading) =
            (interactors.refresher, interactors.subscriptions, interactors.library, interactors.reading)
        let (hello, newItems, reloader, rules) = (interactors.hello, interactors.newItems, interactors.reloader, interactors.rules)
        let views = interactors.views
        var routes = [String: Route]()
        func on<M: RPCMethod>(
            _ method: M.Type, _ body: @escaping @Sendable (M.Params, _ notify: @escaping Notify) async throws -> M.Result
        ) {
            routes[M.name] = { line, id, notify in
                let params = try M.directCoding?.params(ofRequest: Array(line)) ?? Self.decodeParams(M.Params.self, from: line)
                let result = try await body(params, notify)
                if let direct = M.directCoding {
                    return Data(WireWriter.responseLine(id: id) { direct.writeResult(result, &$0) })
                }
                return try WireCoding.line(RPCResponse(id: id, result: result), encoder: WireCoding.makeEncoder())
            }
        }
        func on<M: RPCMethod>(_ method: M.Type, _ body: @escaping @Sendable (M.Params) async throws -> M.Result) {
            on(method) { params, _ in try await body(params) }
        }
        let sync = interactors.sync
        /// A route whose change the sync service may need to hear of (the queue has it already).
        func onChange<M: RPCMethod>(_ method: M.Type, _ body: @escaping @Sendable (M.Params) async throws -> M.Result) {
            on(method) { params, _ in
                let result = try await body(params)
                await sync.changed()
                return result
            }
        }
        on(RPC.Hello.self) { _ in hello }
        onChange(RPC.Subscribe.self) { params in
            let stored = try await subscriptions.subscribe(
                url: params.url, tags: params.tags ?? [], title: params.title, settings: params.settings ?? [])
            return .init(feed: stored.feed, itemCount: stored.itemCount)
        }
        onChange(RPC.Unsubscribe.self) { params in try await library.unsubscribe(params.feed, deleteStarred: params.deleteStarred ?? false) }
        on(RPC.ListFeeds.self) { params in
            .init(feeds: try await library.feeds(tagged: params.tag), form: params.form)
        }
        onChange(RPC.TagFeed.self) { params in
            .init(feed: try await library.tag(params.feed, adding: params.add ?? [], removing: params.remove ?? []))
        }
        let stopper = interactors.stopper
        on(RPC.Stop.self) { _ in try stopper.stop() }
        on(RPC.FeedSettingsMethod.self) { params in
            .init(feed: try await interactors.feedSettings.change(
                try await library.resolveFeed(params.feed).id, set: params.set, unset: params.unset))
        }
        onChange(RPC.RenameFeed.self) { params in .init(feed: try await library.rename(params.feed, to: params.title)) }
        onChange(RPC.Import.self) { params in
            try await subscriptions.importFeeds(params.document, format: params.format, allowCommands: params.allowCommands ?? false)
        }
        on(RPC.ListItems.self) { params in
            if let limit = params.limit, limit < 0 { throw InvalidParams("limit must not be negative") }
            return try await library.items(params, view: try await params.view.asyncMap { try await views.view(named: $0).filter })
        }
        on(RPC.Search.self) { params in
            if let limit = params.limit, limit < 0 { throw InvalidParams("limit must not be negative") }
            return try await library.search(params)
        }
        on(RPC.GetItem.self) { params in
            let item = try await library.item(number: params.number)
            if params.shown == true { try await reading.show(item.id) }
            return try await library.shown(item, text: params.text, width: params.width)
        }
        on(RPC.NextItem.self) { params in
            let next = try await reading.next(afterShown: params.afterShown ?? false)
            guard let number = next.number else { return .init(item: nil, after: next.after) }
            let item = try await library.item(number: number)
            try await reading.show(number)
            let shown = try await library.shown(item, text: params.text, width: params.width)
            return .init(item: item, rendered: shown.rendered, after: next.after, article: shown.article, text: shown.text)
        }
        let articles = interactors.articles
        on(RPC.GetArticle.self) { params in
            let item = try await library.item(number: params.number)
            let article = try await articles.article(itemID: item.id, refetch: params.refetch ?? false)
            if params.shown == true { try await reading.show(item.id) }
            return library.shown(item, article: article, text: nil, width: params.width)
        }
        onChange(RPC.MarkRead.self) { params in
            // A view's items are marked by the views' use case; every other selection, and a
            // view beside another, by the library's, which checks there is exactly one.
            guard let name = params.view, params.numbers == nil, params.all == nil, params.feed == nil else {
                return try await library.markRead(params)
            }
            return try await views.markRead(view: name, read: params.read ?? true)
        }
        on(RPC.ListViews.self) { params in .init(views: try await views.views(counts: params.counts ?? false)) }
        on(RPC.AddView.self) { params in try await views.add(name: params.name, query: params.query, replace: params.replace ?? false) }
        on(RPC.RemoveView.self) { params in .init(view: try await views.remove(name: params.name)) }
        onChange(RPC.Star.self) { params in try await library.star(params) }
        on(RPC.Refresh.self) { params, notify in
            let progress: RefreshInteractor.Progress = { update in
                guard let line = try? WireCoding.line(
                    RPCNotification(method: RPC.Refresh.Progress.method, params: update), encoder: WireCoding.makeEncoder())
                else { return }
                _ = await notify(line)
            }
            let selectors = params.feeds ?? []
            if selectors.isEmpty {
                let outcomes = try await refresher.refreshAll(progress: progress)
                // The synced feeds' new items come from the service.
                await sync.syncIfConfigured()
                return .init(outcomes: outcomes)
            }
            var ids = Set<Int64>()
            for selector in selectors { ids.insert(try await library.resolveFeed(selector).id) }
            return .init(outcomes: try await refresher.refreshFeeds(ids, progress: progress))
        }
        on(RPC.Status.self) { _ in try await interactors.status.status() }
        if let images = interactors.images {
            on(RPC.RenderImage.self) { params in try await images.render(params) }
            on(RPC.ImageFile.self) { params in await images.file(params) }
        }
        on(RPC.RunSync.self) { params in try await sync.run(full: params.full ?? false) }
        on(RPC.GetSyncStatus.self) { _ in try await sync.status() ?? SyncStatus() }
        on(RPC.Reload.self) { _ in
            switch await reloader.reload() {
            case .reloaded(let configuration, let changes):
                return .init(
                    configPath: reloader.configPath, changes: changes, rules: configuration.rules.count,
                    hooks: configuration.newItemsHooks.commands.count, notify: configuration.newItemsHooks.notify,
                    refreshInterval: configuration.refreshInterval)
            case .refused(let failure): throw ReloadRefused(failure: failure)
            case .abandoned: throw CancellationError()
            }
        }
        on(RPC.Maintenance.self) { params in
            try await interactors.maintenance.maintain(vacuum: params.vacuum ?? true, retention: params.retention ?? false)
        }
        on(RPC.Restore.self) { params in
            try await interactors.restorer.restore(from: params.path, allowCommands: params.allowCommands ?? false)
        }
        on(RPC.ListRules.self) { _ in .init(rules: try await rules.list()) }
        on(RPC.TestRule.self) { params in
            let limit = params.limit ?? 100
            if limit < 0 { throw InvalidParams("limit must not be negative") }
            return try await rules.test(name: params.name, limit: limit)
        }
        onChange(RPC.ApplyRule.self) { params in
            return try await rules.apply(name: params.name)
        }
        on(RPC.Watch.self) { _, notify in
            // The request stays open: each batch of new items is one notification, until the
            // daemon stops (the stream finishes) or the client goes away (a write fails).
            for await items in await newItems.watch() {
                guard let line = try? WireCoding.line(
                    RPCNotification(method: RPC.Watch.NewItems.method, params: RPC.Watch.NewItems(items: items)),
                    encoder: WireCoding.makeEncoder())
                else { continue }
                guard await notify(line) else { break }
            }
            return Empty()
        }
        self.routes = routes
    }

    /// Answers one line.
    /// - Returns: the response line (with its newline), or `nil` for a notification, which
    ///   JSON-RPC never answers. Cancellation of the caller stops the use case where it awaits.
    public func handle(_ line: Data, notify: @escaping Notify = { _ in true }) async -> Data? {
        let envelope: RPCEnvelope
        do {
            envelope = try RPCEnvelope(reading: Array(line)) ?? WireCoding.makeDecoder().decode(RPCEnvelope.self, from: line)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            return errorLine(id: nil, RPCError(.parseError, "Parse error: the line is not valid JSON"))
        } catch {
            return errorLine(id: nil, RPCError(.invalidRequest, "Invalid request: expected a JSON-RPC 2.0 request object"))
        }
        guard envelope.jsonrpc == "2.0" else {
            return errorLine(id: envelope.id, RPCError(.invalidRequest, "Invalid request: \"jsonrpc\" must be \"2.0\""))
        }
        guard let method = envelope.method else {
            return errorLine(id: envelope.id, RPCError(.invalidRequest, "Invalid request: \"method\" is missing"))
        }
        let isNotification = !envelope.hasID
        guard let route = routes[method] else {
            return isNotification ? nil : errorLine(id: envelope.id, RPCError(.methodNotFound, "Method not found: \(method)"))
        }
        do {
            // A notification from the client gets no answer, and no notifications either.
            let silent: Notify = { _ in true }
            let response = try await route(line, envelope.id ?? .number(0), isNotification ? silent : notify)
            return isNotification ? nil : response
        } catch {
            let rpcError = Self.rpcError(for: error)
            // A request cut short by the shutdown (a subscription whose rules were matching, a
            // fetch) is no failure of the daemon's.
            if rpcError.code == RPCErrorCode.internalError.rawValue, !(error is CancellationError) {
                logger.error("\(method) failed: \(error)")
            } else {
                logger.debug("\(method) refused: \(rpcError.message)")
            }
            return isNotification ? nil : errorLine(id: envelope.id, rpcError)
        }
    }

    /// The answer to a line longer than `WireCoding.maximumLineLength`, which is never buffered whole.
    public func overlongLine() -> Data {
        errorLine(id: nil, RPCError(.invalidRequest, "Invalid request: line longer than \(WireCoding.maximumLineLength) bytes"))
    }

    /// The line that refuses a connection before any request is read (wrong uid, too many clients).
    public func refusal(_ code: RPCErrorCode, _ message: String) -> Data {
        errorLine(id: nil, RPCError(code, message))
    }

    private func errorLine(id: RPCID?, _ error: RPCError) -> Data {
        // Encoding a fixed-shape error cannot fail; fall back to a literal to be safe anyway.
        (try? WireCoding.line(RPCErrorResponse(id: id, error: error), encoder: WireCoding.makeEncoder()))
            ?? Data("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}\n".utf8)
    }
}

/// `daemon.reload` found a file that does not load; the daemon kept its configuration.
struct ReloadRefused: Error {
    var failure: ReloadFailure
}

/// A params object that decoded but makes no sense.
struct InvalidParams: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
