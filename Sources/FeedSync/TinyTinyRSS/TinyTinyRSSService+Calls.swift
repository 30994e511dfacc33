#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedFetching

/// Calling the API: one JSON object per call, POSTed to `/api/`, with the session id; a call
/// refused with `NOT_LOGGED_IN` signs in again once.
extension TinyTinyRSSService {
    func signedIn() async throws(SyncError) -> String {
        if let session = session.current { return session }
        let answer = try await send(
            TinyTinyRSSAPI.Session.self, ["op": .string("login"), "user": .string(user), "password": .string(password)])
        guard !answer.sessionID.isEmpty else { throw .malformedAnswer("login gave no session") }
        session.set(answer.sessionID)
        return answer.sessionID
    }

    func call<Content: Decodable>(
        _ type: Content.Type, _ operation: String, _ parameters: [String: TinyTinyRSSAPI.Value] = [:]
    ) async throws(SyncError) -> Content {
        var retried = false
        while true {
            var fields = parameters
            fields["op"] = .string(operation)
            fields["sid"] = .string(try await signedIn())
            do {
                return try await send(type, fields)
            } catch .unauthorized(let reason) where reason == "NOT_LOGGED_IN" && !retried {
                retried = true
                session.set(nil)
            }
        }
    }

    /// One POST; an answer with status 1 becomes the `SyncError` its `error` names.
    private func send<Content: Decodable>(
        _ type: Content.Type, _ fields: [String: TinyTinyRSSAPI.Value]
    ) async throws(SyncError) -> Content {
        let response = try await connection.call(.post, "/api/", body: ServiceConnection.jsonBody(fields))
        let operation = fields["op"].map { "\($0)" } ?? "api"
        // The status alone first: a successful answer's content is an array as often as not,
        // which the failure's object cannot be read from.
        let status = try ServiceConnection.decode(TinyTinyRSSAPI.Status.self, from: response.body, what: operation)
        guard status.status == 0 else {
            let failure = try? ServiceConnection.decode(
                TinyTinyRSSAPI.Envelope<TinyTinyRSSAPI.Failure>.self, from: response.body, what: operation)
            let error = failure?.content?.error ?? "unknown error"
            switch error {
            case "NOT_LOGGED_IN": throw .unauthorized("NOT_LOGGED_IN")
            case "LOGIN_ERROR": throw .unauthorized("tt-rss refused the user or password")
            case "API_DISABLED": throw .unauthorized("the API is disabled for this user: enable it in tt-rss's preferences")
            case "FEED_NOT_FOUND": throw .notFound("feed")
            default: throw .refused("\(operation): \(ServiceConnection.oneLine(error))")
            }
        }
        guard let content = try ServiceConnection.decode(TinyTinyRSSAPI.Envelope<Content>.self, from: response.body, what: operation).content
        else { throw .malformedAnswer("\(operation): no content") }
        return content
    }
}

extension TinyTinyRSSAPI {
    /// A value of a call's JSON object.
    enum Value: Encodable, Sendable, CustomStringConvertible {
        case string(String)
        case int(Int)
        case bool(Bool)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .int(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            }
        }

        var description: String {
            switch self {
            case .string(let text): text
            case .int(let number): String(number)
            case .bool(let flag): String(flag)
            }
        }
    }
}
