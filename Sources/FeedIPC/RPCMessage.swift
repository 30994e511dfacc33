#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// A JSON-RPC 2.0 request id: a number or a string.
public enum RPCID: Sendable, Hashable, Codable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }

    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .string(let string): string
        }
    }
}

/// A request as sent by a client.
public struct RPCRequest<Params: Encodable & Sendable>: Encodable, Sendable {
    public let jsonrpc = "2.0"
    public var id: RPCID
    public var method: String
    public var params: Params

    public init(id: RPCID, method: String, params: Params) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// The part of any incoming message needed to route it; params are decoded later, per method.
public struct RPCEnvelope: Decodable, Sendable {
    public var jsonrpc: String?
    public var id: RPCID?
    public var method: String?
    /// Whether the message carried an `id` key at all (a notification has none).
    public var hasID: Bool

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, method }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try container.decodeIfPresent(String.self, forKey: .jsonrpc)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        hasID = container.contains(.id)
        id = try container.decodeIfPresent(RPCID.self, forKey: .id)
    }
}

extension RPCEnvelope {
    /// The envelope of `line` read by `WireReader`, as `init(from:)` decodes it; `nil` for a
    /// line the reader does not expect, which `JSONDecoder` then reads (and words the error of).
    public init?(reading line: [UInt8]) {
        var reader = WireReader(line)
        var envelope = RPCEnvelope(jsonrpc: nil, id: nil, method: nil, hasID: false)
        do {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "jsonrpc": envelope.jsonrpc = try reader.optionalString()
                case "method": envelope.method = try reader.optionalString()
                case "id":
                    envelope.hasID = true
                    envelope.id = try reader.optional { r throws(WireReader.Unexpected) in .number(try r.int()) }
                default: try reader.skipValue()
                }
            }
            try reader.end()
        } catch {
            return nil
        }
        self = envelope
    }

    private init(jsonrpc: String?, id: RPCID?, method: String?, hasID: Bool) {
        self.jsonrpc = jsonrpc
        self.id = id
        self.method = method
        self.hasID = hasID
    }
}

/// Decodes just the `params` member of a request for a known method.
public struct RPCParamsEnvelope<Params: Decodable>: Decodable {
    public var params: Params?
}

/// A successful response.
public struct RPCResponse<Result: Encodable & Sendable>: Encodable, Sendable {
    public let jsonrpc = "2.0"
    public var id: RPCID
    public var result: Result

    public init(id: RPCID, result: Result) {
        self.id = id
        self.result = result
    }
}

/// An error response; `id` is `null` when the request's id could not be read.
public struct RPCErrorResponse: Encodable, Sendable {
    public let jsonrpc = "2.0"
    public var id: RPCID?
    public var error: RPCError

    public init(id: RPCID?, error: RPCError) {
        self.id = id
        self.error = error
    }

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        try container.encode(id, forKey: .id)  // explicit null, as JSON-RPC requires
        try container.encode(error, forKey: .error)
    }
}

/// A notification from the daemon (no `id`), e.g. `refresh.progress`.
public struct RPCNotification<Params: Encodable & Sendable>: Encodable, Sendable {
    public let jsonrpc = "2.0"
    public var method: String
    public var params: Params

    public init(method: String, params: Params) {
        self.method = method
        self.params = params
    }
}

/// A notification a client reads, with params of a known type.
public struct RPCIncomingNotification<Params: Decodable>: Decodable {
    public var method: String
    public var params: Params
}

/// Any message a client reads: a response (with `result` or `error`) or a notification.
public struct RPCIncoming<Result: Decodable>: Decodable {
    public var id: RPCID?
    public var method: String?
    public var result: Result?
    public var error: RPCError?
}

/// The JSON-RPC error object.
public struct RPCError: Error, Sendable, Codable, Hashable, CustomStringConvertible {
    public var code: Int
    public var message: String
    /// Structured detail for clients (protocol 1.2): the candidates of a `severalFeeds` error.
    public var data: RPCErrorData?

    public init(code: Int, message: String, data: RPCErrorData? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(_ code: RPCErrorCode, _ message: String, data: RPCErrorData? = nil) {
        self.init(code: code.rawValue, message: message, data: data)
    }

    public var description: String { message }
}

/// The `data` member of an error.
public struct RPCErrorData: Sendable, Codable, Hashable {
    /// The feeds a web page offers (`severalFeeds`), in the page's order.
    public var candidates: [FeedCandidate]?
    public init(candidates: [FeedCandidate]? = nil) { self.candidates = candidates }
}

/// Error codes: the JSON-RPC 2.0 ones and Tidings' own (documented in docs/protocol.md).
public enum RPCErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    /// The feed could not be fetched (DNS, connection, timeout, HTTP status).
    case fetchFailed = -32001
    /// The document was fetched but is not a feed.
    case notAFeed = -32002
    /// `feeds.subscribe` for a URL already subscribed.
    case alreadySubscribed = -32003
    /// No feed or item matches.
    case notFound = -32004
    /// A feed selector matched several feeds.
    case ambiguous = -32005
    /// `feeds.subscribe` of a web page that announces several feeds; the message lists them.
    case severalFeeds = -32006
    /// The connecting process runs as another user than the daemon (checked with SO_PEERCRED).
    case forbidden = -32007
    /// The daemon already serves its maximum number of clients; try again later.
    case tooManyClients = -32008
    /// `daemon.reload` found a config file that does not load; the message names the file, the
    /// line and the key, and the daemon keeps the configuration it runs with (protocol 1.6).
    case configurationRefused = -32009
    /// The daemon's database file was deleted or replaced while it ran: it answers nothing more
    /// from it and exits (protocol 1.7).
    case databaseFileLost = -32010
    /// `daemon.restore` refused the backup before changing anything; the message names the
    /// backup and the reason (not a database, damaged, a newer schema…) (protocol 1.7).
    case restoreRefused = -32011
    /// `sync.run` while the config names no service to sync with (protocol 1.11).
    case syncNotConfigured = -32012
    /// SQLite found the database damaged while the daemon served it: the daemon writes nothing
    /// more to it until it is restored, and goes on answering reads where it can; the message
    /// names the first problem, the newest backup and the restore command (protocol 1.14).
    case databaseDamaged = -32013
    /// The database's storage refused the write (a full disk, a file system gone read-only, an
    /// I/O error); the message says which, then SQLite's words. Nothing was written; the same
    /// request may succeed once the storage takes writes again (protocol 1.14).
    case storageFailed = -32014
    /// `views.add` of a name a stored view has already (without case), without `replace`; the
    /// message gives that view's query (protocol 1.18).
    case viewExists = -32015
}
