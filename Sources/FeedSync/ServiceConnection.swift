#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedFetching

/// HTTP exchanges with one service's API: its base URL, the transfer settings every call
/// carries (a fixed user agent, `Accept: application/json`, credentials, limits), and the
/// mapping of answers to `SyncError`.
struct ServiceConnection: Sendable {
    /// Largest answer read from a service: a page of entries is far smaller, and anything larger
    /// is refused before it is held.
    static let maximumAnswerSize = 16 << 20

    let fetcher: any RemoteDataManager
    /// The service's address without a trailing slash (`https://rss.example.org/miniflux`).
    let baseURL: String
    let settings: TransferSettings

    /// - Parameter baseURL: an http or https URL; a trailing slash is dropped.
    init(fetcher: any RemoteDataManager, baseURL: String, settings: TransferSettings) {
        self.fetcher = fetcher
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        var settings = settings
        settings.maximumBodySize = min(settings.maximumBodySize ?? Self.maximumAnswerSize, Self.maximumAnswerSize)
        self.settings = settings
    }

    /// One call: `path` below the base URL, with `query` percent-encoded.
    /// - Parameters:
    ///   - headers: lines added to the settings' own (an authorization for this call).
    ///   - explain: the service's explanation in an error answer's body, if it has one.
    /// - Returns: the 2xx answer.
    /// - Throws: `SyncError`: 401 and 403 are `.unauthorized`, 404 `.notFound`, other 4xx
    ///   `.refused`, 5xx `.service`, each with the service's explanation where it gave one.
    func call(
        _ method: FetchRequest.Method, _ path: String, query: [(String, String)] = [], body: FetchRequest.Body? = nil,
        headers: [String] = [], explain: (Data) -> String? = ServiceConnection.plainExplanation
    ) async throws(SyncError) -> FetchResponse {
        var settings = self.settings
        settings.headers += headers
        // Every call carries the account's credentials (a token header, a session in the body,
        // basic credentials): an answer from another origin is refused, not followed.
        let request = FetchRequest(
            url: url(path, query: query), settings: settings, method: method, body: body, errorResponses: true,
            crossOriginRedirects: .refuse)
        let response: FetchResponse
        do {
            response = try await fetcher.fetch(request)
        } catch .cancelled {
            throw .cancelled
        } catch .retryLater(_, let seconds) {
            throw .retryLater(seconds: seconds)
        } catch .tooLarge(let limit) {
            throw .malformedAnswer("the answer is larger than \(limit >> 20) MiB")
        } catch {
            throw .unreachable(error)
        }
        let status = response.status
        guard !(200..<300).contains(status) else { return response }
        let reason = explain(response.body).map(Self.oneLine) ?? FetchError.httpStatus(status).description
        switch status {
        case 401, 403: throw .unauthorized(reason)
        case 404: throw .notFound(reason)
        case 400..<500: throw .refused(reason)
        default: throw .service(status: status, message: reason)
        }
    }

    /// `call`, then the answer decoded as JSON.
    func json<Answer: Decodable>(
        _ type: Answer.Type, _ method: FetchRequest.Method, _ path: String, query: [(String, String)] = [],
        body: FetchRequest.Body? = nil, headers: [String] = [], explain: (Data) -> String? = ServiceConnection.plainExplanation
    ) async throws(SyncError) -> Answer {
        let response = try await call(method, path, query: query, body: body, headers: headers, explain: explain)
        return try Self.decode(type, from: response.body, what: path)
    }

    /// Decodes a JSON answer.
    /// - Throws: `SyncError.malformedAnswer` naming what was asked and what is wrong, in one line.
    static func decode<Answer: Decodable>(_ type: Answer.Type, from data: Data, what: String) throws(SyncError) -> Answer {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw .malformedAnswer("\(what): no \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .malformedAnswer("\(what): unexpected value at \(path(context.codingPath))")
        } catch {
            throw .malformedAnswer("\(what): not the JSON the API documents")
        }
    }

    /// JSON body of an encodable value.
    static func jsonBody(_ value: some Encodable) -> FetchRequest.Body {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return .json((try? encoder.encode(value)) ?? Data("{}".utf8))
    }

    /// The first line of a text answer, as an explanation.
    static func plainExplanation(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).first.map(String.init)
    }

    /// At most 200 characters on one line, control characters and invisible ones left out: a
    /// service's words reach the log and the terminal.
    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                scalars.append(" ")
            default:
                scalars.append(scalar)
            }
        }
        let line = String(scalars).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    private func url(_ path: String, query: [(String, String)]) -> String {
        guard !query.isEmpty else { return baseURL + path }
        let encoded = query.map { "\(FetchRequest.Body.formEncoded($0.0))=\(FetchRequest.Body.formEncoded($0.1))" }
        return baseURL + path + "?" + encoded.joined(separator: "&")
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix(".").description
    }
}
