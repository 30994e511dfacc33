import Foundation
import Testing

/// `Type=notify`: the real daemon tells the `NOTIFY_SOCKET` it is ready, how refreshes go, and
/// when it stops — without libsystemd, and without a running systemd.
@Suite(.timeLimit(.minutes(3)))
struct SystemdNotifyTests {
    @Test func readyStatusAndStopping() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-notify-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notify = try NotifySocket(directory: directory)
        let daemon = try await DaemonHarness(environment: ["NOTIFY_SOCKET": notify.path])
        let ready = try await notify.messages(until: "READY=1")
        #expect(ready.last?.contains("STATUS=Listening on \(daemon.socketPath)") == true, "\(ready)")
        // No pause: the harness's start-up probe may still be unserved when SIGTERM comes,
        // which once made NIO trap (apple/swift-nio#2813); the daemon now wraps connections
        // only when it serves them.
        let status = await daemon.stop()
        #expect(status == 0, "exit \(status)\n\(daemon.log())")
        let stopping = try await notify.messages(until: "STOPPING=1")
        #expect(!stopping.isEmpty)
    }

    @Test func theWatchdogIsFedWhenSystemdAsksForIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-watchdog-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notify = try NotifySocket(directory: directory)
        // 200 ms: the daemon pings every 100 ms. No WATCHDOG_PID: the variable is for this process.
        let daemon = try await DaemonHarness(environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"])
        let messages = try await notify.messages(until: "WATCHDOG=1", timeout: 5)
        #expect(messages.contains { $0.contains("WATCHDOG=1") })
        let status = await daemon.stop()
        #expect(status == 0, "\(daemon.log())")
    }
}
