#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedFetching

/// Signing in and calling: `Auth` on every call, `T` on every POST, each fetched again once
/// when the service refuses it.
extension GoogleReaderService {
    /// The `Auth` token, signing in first when there is none.
    func signedIn() async throws(SyncError) -> String {
        if let auth = session.auth { return auth }
        let response: FetchResponse
        do {
            response = try await connection.call(
                .post, "/accounts/ClientLogin", body: .form([("Email", user), ("Passwd", password)]),
                explain: Self.explanation)
        } catch .notFound(let reason) {
            throw .refused("no Google Reader API at \(connection.baseURL) (\(reason))")
        }
        let lines = String(decoding: response.body.prefix(64 << 10), as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let auth = lines.first(where: { $0.hasPrefix("Auth=") }).map({ String($0.dropFirst(5)) }), !auth.isEmpty,
              !auth.utf8.contains(where: { $0 < 0x21 || $0 > 0x7E })
        else { throw .malformedAnswer("ClientLogin gave no Auth token") }
        session.set(auth: auth)
        return auth
    }

    /// A GET or POST with the `Auth` token, signing in again once if the service no longer
    /// takes it; a POST also carries the `T` token.
    func call(
        _ method: FetchRequest.Method, _ path: String, query: [(String, String)] = [], form: [(String, String)] = []
    ) async throws(SyncError) -> FetchResponse {
        var retried = false
        while true {
            let auth = try await signedIn()
            var fields = form
            if method == .post { fields.append(("T", try await editToken(auth: auth))) }
            do {
                return try await connection.call(
                    method, path, query: query, body: method == .post ? .form(fields) : nil,
                    headers: ["Authorization: GoogleLogin auth=\(auth)"], explain: Self.explanation)
            } catch .unauthorized(let reason) {
                guard !retried else { throw .unauthorized(reason) }
                // A stale `T` or an expired `Auth` look alike: fetch both again, once.
                retried = true
                session.set(auth: nil)
            }
        }
    }

    func json<Answer: Decodable>(
        _ type: Answer.Type, _ method: FetchRequest.Method, _ path: String, query: [(String, String)] = [],
        form: [(String, String)] = []
    ) async throws(SyncError) -> Answer {
        let response = try await call(method, path, query: query, form: form)
        return try ServiceConnection.decode(type, from: response.body, what: path)
    }

    /// A POST whose answer (`OK`) says nothing more. Any other 2xx answer (a captive portal's
    /// page) does not say the change was made, so it must stay queued.
    func post(_ path: String, form: [(String, String)]) async throws(SyncError) {
        let answer = String(decoding: try await call(.post, path, form: form).body.prefix(64), as: UTF8.self)
        let text = answer.filter { !$0.isWhitespace }
        guard text.isEmpty || text.uppercased().hasPrefix("OK") else { throw .malformedAnswer("\(path): the answer is not OK") }
    }

    private func editToken(auth: String) async throws(SyncError) -> String {
        if let token = session.edit { return token }
        let response = try await connection.call(.get, "/reader/api/0/token", headers: ["Authorization: GoogleLogin auth=\(auth)"])
        let token = String(decoding: response.body.prefix(1024), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.utf8.contains(where: { $0 < 0x21 || $0 > 0x7E }) else {
            throw .malformedAnswer("the token call gave no token")
        }
        session.set(edit: token)
        return token
    }

    /// The reason in an error answer: miniflux's Google Reader API answers with miniflux's error
    /// document (`{"error_message": …}`), FreshRSS and others with text.
    static func explanation(_ body: Data) -> String? {
        MinifluxService.explanation(body)
    }

    /// Every id of a stream, following continuations.
    func itemIDs(stream: String, extra: [(String, String)]) async throws(SyncError) -> [String] {
        var ids: [String] = []
        var continuation: String?
        repeat {
            var query = [("output", "json"), ("s", stream), ("n", String(Self.idPageSize))] + extra
            if let continuation { query.append(("c", continuation)) }
            let page = try await json(GoogleReaderAPI.ItemIDs.self, .get, "/reader/api/0/stream/items/ids", query: query)
            let refs = page.itemRefs ?? []
            ids += refs.compactMap { Self.shortID($0.id) }
            // A service that repeats its continuation without new ids would loop for ever.
            continuation = refs.isEmpty || page.continuation == continuation ? nil : page.continuation
        } while continuation != nil && !(continuation ?? "").isEmpty
        return ids
    }

    /// An item id in its short, decimal form (`1234`), from either form the API uses: the short
    /// one, or `tag:google.com,2005:reader/item/` and 16 hexadecimal digits.
    static func shortID(_ id: String) -> String? {
        if let number = Int64(id) { return String(number) }
        guard let slash = id.lastIndex(of: "/"), id.hasPrefix("tag:google.com"),
              let bits = UInt64(id[id.index(after: slash)...], radix: 16)
        else { return nil }
        return String(Int64(bitPattern: bits))
    }

    /// The long form of a short id, which every service accepts in `i=`.
    static func longID(_ id: String) -> String {
        guard let number = Int64(id) else { return id }
        let hex = String(UInt64(bitPattern: number), radix: 16)
        return "tag:google.com,2005:reader/item/" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }
}
