import FeedIPC
import Foundation
import Glibc

/// A tiny Unix socket server on a thread: for each request line it receives, it writes the
/// lines `answer(method, id)` returns (`id` as raw JSON), or closes the connection when that is `nil`.
/// A line wrapped in `unterminated(_:)` is written without its newline.
final class CannedSocketServer: @unchecked Sendable {
    let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var receivedMethods: [String] = []
    private var receivedRequests: [[String: Any]] = []

    init(answer: @escaping @Sendable (_ method: String, _ id: String) -> [String]?) throws {
        path = Self.temporaryPath()
        listener = try Self.listen(at: path)
        start { [self] connection in serve(connection, answer: answer) }
    }

    /// A server that answers every connection as the daemon refuses one: it writes `line`
    /// and closes without reading anything.
    init(refusingWith line: String) throws {
        path = Self.temporaryPath()
        listener = try Self.listen(at: path)
        start { connection in
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        }
    }

    private func start(_ handle: @escaping @Sendable (_ connection: Int32) -> Void) {
        let listener = self.listener
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    // Closed here, not in stop(): closing there would free the descriptor number
                    // while this thread may still call accept() on it, and a parallel test's
                    // new socket could get that number.
                    close(listener)
                    return
                }
                handle(connection)
                close(connection)
            }
        }
    }

    /// Methods of the requests received so far, in order.
    var methods: [String] { lock.withLock { receivedMethods } }
    var requests: [[String: Any]] { lock.withLock { receivedRequests } }

    func stop() {
        // Wakes the accept() above, which then closes the listener.
        shutdown(listener, Int32(SHUT_RDWR))
        unlink(path)
    }

    private func serve(_ connection: Int32, answer: (String, String) -> [String]?) {
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            pending += buffer[..<count]
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = Data(pending[..<newline])
                pending.removeSubrange(...newline)
                guard let request = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
                    let method = request["method"] as? String
                else { return }
                lock.withLock {
                    receivedMethods.append(method)
                    receivedRequests.append(request)
                }
                let id = (request["id"]).map { "\($0)" } ?? "null"
                guard let lines = answer(method, id) else { return }
                let reply = Array(lines.map { $0.hasSuffix(Self.noNewline) ? String($0.dropLast()) : $0 + "\n" }.joined().utf8)
                _ = reply.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            }
        }
    }

    private static let noNewline = "\u{1}"

    /// `text` to be written without a newline: the first part of a line split over two writes.
    static func unterminated(_ text: String) -> String { text + noNewline }

    static func temporaryPath() -> String {
        "/tmp/tidings-test-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    }

    /// Binds a socket at `path`; listens unless `listening` is false (a stale socket file).
    @discardableResult
    static func listen(at path: String, listening: Bool = true) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard let address = UnixSocketAddress(path: path) else { throw POSIXError(.ENAMETOOLONG) }
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        guard bound == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        if listening {
            guard Glibc.listen(fd, 8) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } else {
            close(fd)
        }
        return fd
    }
}
