import FeedEntities
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation

/// How a request's failures become JSON-RPC errors: params that do not decode, and the errors
/// of the use cases (docs/protocol.md lists the codes).
extension RequestHandler {
    /// Decodes `params`; an absent `params` reads as `{}` so methods without required params accept it.
    static func decodeParams<P: Decodable>(_ type: P.Type, from line: Data) throws -> P {
        let decoder = WireCoding.makeDecoder()
        do {
            if let params = try decoder.decode(RPCParamsEnvelope<P>.self, from: line).params { return params }
            return try decoder.decode(P.self, from: Data("{}".utf8))
        } catch let error as DecodingError {
            throw InvalidParams(describe(error))
        }
    }

    /// Names the offending parameter, e.g. `params.number: expected a number`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            (["params"] + keys.filter { $0.stringValue != "params" }.map(\.stringValue)).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is required"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)): expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)): expected \(Self.name(of: type)), got null"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "invalid params"
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is [Any].Type: "an array"
        default: "\(type)"
        }
    }

    /// Maps use-case errors to JSON-RPC errors; anything unexpected is an internal error.
    static func rpcError(for error: any Error) -> RPCError {
        switch error {
        case let error as InvalidParams: RPCError(.invalidParams, "Invalid params: \(error.message)")
        case let error as SubscriptionError:
            switch error {
            case .invalidURL, .unsupportedScheme, .tooLong: RPCError(.invalidParams, error.description)
            case .unreachable: RPCError(.fetchFailed, error.description)
            case .severalFeeds(_, let candidates):
                RPCError(.severalFeeds, error.description, data: RPCErrorData(candidates: candidates))
            }
        case let error as FetchError: RPCError(.fetchFailed, error.description)
        case let error as FeedParsingError:
            switch error {
            case .notAFeed: RPCError(.notAFeed, error.description)
            case .tooLarge: RPCError(.fetchFailed, error.description)
            }
        case let error as FeedStoreError:
            switch error {
            case .alreadySubscribed: RPCError(.alreadySubscribed, error.description)
            case .feedNotFound, .itemNotFound: RPCError(.notFound, error.description)
            case .invalidTag, .invalidSearch, .invalidTitle, .unstorableURL, .invalidViewName, .tooManyViews:
                RPCError(.invalidParams, error.description)
            case .viewExists: RPCError(.viewExists, error.description)
            }
        case let error as ViewError:
            switch error {
            case .noSuchView: RPCError(.notFound, error.description)
            case .invalidQuery: RPCError(.invalidParams, error.description)
            case .configured: RPCError(.forbidden, error.description)
            }
        case let error as SubscriptionListError: RPCError(.invalidParams, error.description)
        case let error as FeedSettingsError: RPCError(.invalidParams, error.description)
        case let error as RulesInteractor.NoSuchRule: RPCError(.notFound, error.description)
        case let error as RuleTooSlow: RPCError(.invalidParams, error.description)
        case let error as RestoreRefusedError: RPCError(.restoreRefused, error.description)
        case let error as ReloadRefused: RPCError(.configurationRefused, error.failure.error)
        case let error as SyncCoordinator.Refusal: RPCError(.syncNotConfigured, error.description)
        case let error as DaemonStopper.ManagedBySystemd: RPCError(.forbidden, error.description)
        case let error as LibraryError:
            switch error {
            case .noSuchItem, .noSuchFeed: RPCError(.notFound, error.description)
            case .ambiguousFeed, .prefixTooShort: RPCError(.ambiguous, error.description)
            case .emptySearch, .searchTooLong: RPCError(.invalidParams, error.description)
            }
        case let error as ArticleError: RPCError(.invalidParams, error.description)
        case let error as DatabaseFileLostError: RPCError(.databaseFileLost, error.description)
        case let error as DamagedDatabaseError: RPCError(.databaseDamaged, error.description)
        // The database's trouble, told as what it is; never "Internal error".
        case let error as FeedStoreDatabaseError where error.isStorageFailure: RPCError(.storageFailed, error.description)
        case let error as FeedStoreDatabaseError: RPCError(.internalError, error.description)
        case is CancellationError: RPCError(.internalError, "cancelled: the daemon is shutting down")
        default: RPCError(.internalError, "Internal error: \(error)")
        }
    }
}
