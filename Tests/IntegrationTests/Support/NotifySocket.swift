import Glibc
import Foundation

/// A `NOTIFY_SOCKET` the test owns: a datagram socket that collects what a daemon tells systemd.
final class NotifySocket: @unchecked Sendable {
    let path: String
    private let descriptor: Int32

    init(directory: URL) throws {
        path = directory.appendingPathComponent("notify.sock").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            close(descriptor)
            throw HarnessError("bind \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// The messages received within `timeout` until one contains `text`; throws when none does.
    /// Waits on a Dispatch thread: blocking a thread of the cooperative pool (two on this
    /// machine) for seconds starved the other tests running in parallel.
    func messages(until text: String, timeout: TimeInterval = 10) async throws -> [String] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.blockingMessages(until: text, timeout: timeout) })
            }
        }
    }

    private func blockingMessages(until text: String, timeout: TimeInterval) throws -> [String] {
        var received: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { continue }
            let message = String(decoding: buffer[..<count], as: UTF8.self)
            received.append(message)
            if message.contains(text) { return received }
        }
        throw HarnessError("no notification containing \(text) within \(timeout) s; got \(received)")
    }
}
