#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

/// The daemon's error answers, told apart without the protocol's codes: the Interactors turn
/// them into these (`DaemonClient.request`), so that no Presenter, View or Contract reads an
/// `RPCError`. The refusals a module answers in its own way have a case each; `CommandFailure`
/// tells any of them as the daemon wrote it.
public enum DaemonRefusal: Error, Equatable, Sendable {
    /// No item, feed or rule has that number or name.
    case notFound(message: String)
    /// A feed selector named several feeds; the message lists them and says what to give.
    case ambiguous(message: String)
    /// The daemon is older than this client and knows no such request.
    case unsupported(message: String)
    /// A sync was asked for, and the config names no service (protocol 1.11).
    case syncNotConfigured(message: String)
    /// The backup was refused before anything changed; the message names it and the reason.
    case restoreRefused(message: String)
    /// The page announces several feeds, none subscribed.
    case severalFeeds(message: String, candidates: [FeedCandidate])
    /// The config file does not load; the message names the file, the line and the key.
    case configurationRefused(message: String)
    /// Any other refusal (bad parameters, the feed cannot be fetched, storage failed, …).
    case other(message: String)

    /// The daemon's own words.
    public var message: String {
        switch self {
        case .notFound(let message), .ambiguous(let message), .unsupported(let message), .syncNotConfigured(let message),
             .restoreRefused(let message), .severalFeeds(let message, _), .configurationRefused(let message),
             .other(let message):
            message
        }
    }

    /// The refusal `error` tells.
    init(_ error: RPCError) {
        switch RPCErrorCode(rawValue: error.code) {
        case .notFound?: self = .notFound(message: error.message)
        case .ambiguous?: self = .ambiguous(message: error.message)
        case .methodNotFound?: self = .unsupported(message: error.message)
        case .syncNotConfigured?: self = .syncNotConfigured(message: error.message)
        case .restoreRefused?: self = .restoreRefused(message: error.message)
        case .severalFeeds?: self = .severalFeeds(message: error.message, candidates: error.data?.candidates ?? [])
        case .configurationRefused?: self = .configurationRefused(message: error.message)
        default: self = .other(message: error.message)
        }
    }
}

extension DaemonClient {
    /// `call(method, params, notifications:)`, its refusals as `DaemonRefusal`: what
    /// Interactors send.
    public func request<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void = { _ in }
    ) async throws -> M.Result {
        do {
            return try await call(method, params, notifications: notifications)
        } catch let error as RPCError {
            throw DaemonRefusal(error)
        }
    }
}
