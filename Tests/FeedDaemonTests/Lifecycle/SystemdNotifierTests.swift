import Glibc
@testable import FeedDaemon
import Foundation
import Testing

struct SystemdNotifierTests {
    @Test func watchdogIntervalIsHalfOfWatchdogUsecForThisProcess() {
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "30000000"]).watchdogInterval == .seconds(15))
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"], pid: 2).watchdogInterval == nil)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "2"], pid: 2).watchdogInterval == .seconds(15))
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "nope"]).watchdogInterval == nil)
        #expect(SystemdNotifier(environment: [:]).watchdogInterval == nil)
    }

    @Test func withoutNotifySocketNothingIsSent() throws {
        // Unset or empty, as systemd leaves it for a unit without Type=notify: no destination.
        for environment in [[:], ["NOTIFY_SOCKET": ""]] as [[String: String]] {
            let notifier = SystemdNotifier(environment: environment)
            #expect(notifier.socketPath == nil, "\(environment)")
            notifier.ready(status: "x")
            notifier.stopping()
        }
        // A socket that is set but gone: the messages are dropped, the daemon goes on.
        let gone = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/nonexistent/tidings-notify"])
        #expect(gone.socketPath == "/nonexistent/tidings-notify")
        gone.ready(status: "x")
        gone.watchdog()
    }

    @Test func messagesReachAnAbstractSocketAsOneLineStatus() throws {
        let name = "tidings-test-\(UUID().uuidString.prefix(8))"
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = [UInt8(0)] + Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        try #require(bound == 0)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": "@" + name])
        notifier.ready(status: "two\nlines")
        notifier.status("Refreshing")
        notifier.watchdog()
        notifier.extendStartTimeout(by: .seconds(60), status: "Opening the database")
        var received: [String] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        for _ in 0..<4 {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { break }
            received.append(String(decoding: buffer[..<count], as: UTF8.self))
        }
        #expect(received == [
            "READY=1\nSTATUS=two lines", "STATUS=Refreshing", "WATCHDOG=1",
            "EXTEND_TIMEOUT_USEC=60000000\nSTATUS=Opening the database",
        ])
    }
}
