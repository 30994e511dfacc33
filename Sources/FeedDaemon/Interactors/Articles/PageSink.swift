import FeedFetching
import Foundation
import Synchronization

/// Collects an article page's body as it downloads: at most `limit` bytes (a longer page is cut
/// there, and the transfer stopped, so a 50 MB page costs 8 MB), and nothing at all of a
/// response that is no HTML page (an image, a PDF, a feed), which is stopped at its headers.
final class PageSink: FetchBodySink {
    /// What the sink saw.
    struct State {
        var body = Data()
        var finalURL: String?
        var contentType: String?
        /// The response's `Content-Type` is not HTML: the transfer was stopped at its start.
        var refusedType = false
        /// The body went past `limit`: the transfer was stopped, `body` holds its start.
        var cut = false
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var current: State { state.withLock { $0 } }

    func begin(finalURL: String, contentType: String?) -> Bool {
        state.withLock { state in
            state.finalURL = finalURL
            state.contentType = contentType
            state.refusedType = !Self.isHTML(contentType)
            return !state.refusedType
        }
    }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            let room = limit - state.body.count
            guard bytes.count <= room else {
                state.body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<max(0, room)]))
                state.cut = true
                return false
            }
            state.body.append(contentsOf: bytes)
            return true
        }
    }

    /// Whether a response of `contentType` may be a web page: HTML or XHTML, or no type at all
    /// (the parser then finds out).
    static func isHTML(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty || type == "text/html" || type == "application/xhtml+xml"
    }

    /// The media type of `contentType` without its parameters, for messages.
    static func mediaType(_ contentType: String?) -> String {
        contentType?.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "no type"
    }
}
