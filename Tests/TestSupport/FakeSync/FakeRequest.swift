import Foundation

/// A request to a fake sync server, with its query and (for a form POST) body parsed into
/// name/value pairs in order, names repeatable as the services allow (`status=read&status=unread`,
/// `i=…&i=…`).
struct FakeRequest: Sendable {
    let raw: RecordedRequest
    let query: [(String, String)]
    let form: [(String, String)]

    init(_ raw: RecordedRequest) {
        self.raw = raw
        query = Self.pairs(raw.query ?? "")
        let type = raw.header("Content-Type")?.lowercased() ?? ""
        form = type.hasPrefix("application/x-www-form-urlencoded") ? Self.pairs(String(decoding: raw.body, as: UTF8.self)) : []
    }

    var method: String { raw.method }
    var path: String { raw.path }

    /// The path's segments after the leading `/`, percent-decoded: `/v1/feeds/3` → `["v1", "feeds", "3"]`.
    var segments: [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { $0.removingPercentEncoding ?? String($0) }
    }

    /// The first value of query parameter `name`.
    func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    /// Every value of query parameter `name`.
    func queryValues(_ name: String) -> [String] { query.filter { $0.0 == name }.map(\.1) }

    /// The first value of `name` in the form, then in the query (as Go's `r.Form`).
    func formValue(_ name: String) -> String? { (form.first { $0.0 == name } ?? query.first { $0.0 == name })?.1 }

    /// Every value of `name` in the form and the query.
    func formValues(_ name: String) -> [String] { (form + query).filter { $0.0 == name }.map(\.1) }

    /// The body as a JSON object; nil if it is not one.
    var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(raw.body))) as? [String: Any]
    }

    /// User and password of an `Authorization: Basic` header.
    var basicCredentials: (user: String, password: String)? {
        guard let header = raw.header("Authorization"), header.lowercased().hasPrefix("basic "),
            let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// `a=1&b=x+y&b=%2F` → `[("a", "1"), ("b", "x y"), ("b", "/")]`.
    static func pairs(_ encoded: String) -> [(String, String)] {
        encoded.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}
