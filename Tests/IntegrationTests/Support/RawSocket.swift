import Glibc
import FeedIPC
import Foundation

/// A bare client connection to the daemon's socket, for sending exactly the bytes a test wants.
/// Used by one thread at a time (tests hand a socket to a blocking thread and wait for it).
final class RawSocket: @unchecked Sendable {
    private var descriptor: Int32
    private var buffered: [UInt8] = []

    /// - Parameter timeout: seconds a read may wait for the daemon.
    init(path: String, timeout: Int = 10) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket() failed") }
        // A failing init of a class still runs `deinit`, which closes `descriptor`: closing it
        // here as well closed the same number twice, and by then it could be a socket of another
        // test in this process (NIO then crashed on EBADF). So the failures only throw.
        guard let address = UnixSocketAddress(path: path) else {
            throw HarnessError("not a usable socket path: \(path)")
        }
        let result = address.withSockaddr { connect(descriptor, $0, $1) }
        guard result == 0 else {
            throw HarnessError("connect(\(path)) failed: \(String(cString: strerror(errno)))")
        }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw HarnessError("send failed: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// The next line, or `nil` at end of stream. The keep-alives a daemon sends while a request
    /// takes long (`daemon.working`, protocol 1.14) are skipped unless `keepAlives`: a test
    /// reading answers and progress is not about them.
    func readLine(keepAlives: Bool = false) throws -> String? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                if !keepAlives, line == #"{"jsonrpc":"2.0","method":"daemon.working"}"# { continue }
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return nil }
            guard count > 0 else { throw HarnessError("recv failed: \(String(cString: strerror(errno)))") }
            buffered.append(contentsOf: chunk[..<count])
        }
    }

    /// Sends one line and parses the JSON answer.
    func request(_ line: String) throws -> [String: Any] {
        try send(line + "\n")
        guard let answer = try readLine() else { throw HarnessError("connection closed without an answer") }
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any] else {
            throw HarnessError("not a JSON object: \(answer)")
        }
        return object
    }

    var fileDescriptor: Int32 { descriptor }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}
