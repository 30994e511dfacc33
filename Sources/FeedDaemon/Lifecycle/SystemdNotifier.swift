import Glibc

/// `sd_notify` without libsystemd: one datagram per message to the `AF_UNIX` socket named by
/// `$NOTIFY_SOCKET` (a path, or `@name` in the abstract namespace), as systemd documents.
public struct SystemdNotifier: ServiceManagerNotifier {
    /// Where the messages go (`NOTIFY_SOCKET`); `nil` when no service manager listens, and
    /// every message is dropped.
    let socketPath: String?
    public let watchdogInterval: Duration?

    /// - Parameter environment: read for `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID`.
    public init(environment: [String: String], pid: Int32 = getpid()) {
        let path = environment["NOTIFY_SOCKET"] ?? ""
        socketPath = path.isEmpty ? nil : path
        if let microseconds = environment["WATCHDOG_USEC"].flatMap(Int64.init), microseconds > 0,
           environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == pid }) ?? true {
            watchdogInterval = .microseconds(microseconds / 2)
        } else {
            watchdogInterval = nil
        }
    }

    public func ready(status: String) { send("READY=1\nSTATUS=\(Self.oneLine(status))") }
    public func status(_ text: String) { send("STATUS=\(Self.oneLine(text))") }
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        send("RELOADING=1\nMONOTONIC_USEC=\(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)\nSTATUS=Reloading the configuration")
    }
    public func extendStartTimeout(by time: Duration, status: String) {
        let microseconds = time.components.seconds * 1_000_000 + time.components.attoseconds / 1_000_000_000_000
        send("EXTEND_TIMEOUT_USEC=\(microseconds)\nSTATUS=\(Self.oneLine(status))")
    }
    public func stopping() { send("STOPPING=1\nSTATUS=Stopping") }
    public func watchdog() { send("WATCHDOG=1") }

    /// A status is one line: a newline would start another assignment.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private func send(_ message: String) {
        guard let socketPath else { return }
        var bytes = Array(socketPath.utf8)
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return }
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        // An abstract name is exactly its bytes; a path also counts its terminating NUL.
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var payload = Array(message.utf8)
        // Never waits: a manager that stopped reading (a full queue) must not stall the task
        // that reports, let alone the daemon's shutdown behind it.
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(descriptor, &payload, payload.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), socketAddress, socklen_t(length))
            }
        }
    }
}
