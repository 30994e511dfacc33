import Foundation

/// Answers of the fake sync servers.
extension TestHTTPResponse {
    /// `value` as JSON (slashes unescaped, as Go writes them); with `snakeCase`, property
    /// names become snake_case keys (miniflux's `feed_url` from `feedUrl`).
    static func json(_ value: some Encodable, status: Int = 200, snakeCase: Bool = false) -> TestHTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        // Encoding our own types cannot fail; an empty body would show at once in any test.
        let body = (try? encoder.encode(value)) ?? Data()
        return TestHTTPResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(body))
    }

    /// A `text/plain` answer.
    static func text(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Array(text.utf8))
    }

    /// miniflux's error document, `{"error_message": …}`, which the Google Reader API of
    /// miniflux answers too.
    static func errorMessage(_ message: String, status: Int) -> TestHTTPResponse {
        .json(MinifluxJSON.ErrorMessage(errorMessage: message), status: status, snakeCase: true)
    }

    static let resourceNotFound = errorMessage("Resource Not Found", status: 404)
    /// Go's mux answer for a path no route matches.
    static let pageNotFound = text("404 page not found\n", status: 404)
    static let methodNotAllowed = TestHTTPResponse(status: 405)
    static let noContent = TestHTTPResponse(status: 204)
}
