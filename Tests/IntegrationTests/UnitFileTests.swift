import Foundation
import Testing

/// The systemd units as `make install` writes them pass `systemd-analyze verify --user`
/// (no running systemd needed: only a private runtime directory).
struct UnitFileTests {
    @Test func theInstalledUnitVerifies() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-unit-\(UUID().uuidString.prefix(8))")
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        defer { try? FileManager.default.removeItem(at: directory) }
        // What make install does: ExecStart points at the installed binary (here, the built one).
        let unit = try String(contentsOf: root.appendingPathComponent("systemd/tidingsd.service"), encoding: .utf8)
            .replacingOccurrences(of: "%h/.local/bin", with: Binaries.daemon.deletingLastPathComponent().path)
        let path = directory.appendingPathComponent("tidingsd.service")
        try unit.write(to: path, atomically: true, encoding: .utf8)
        var environment = DaemonHarness.baseEnvironment(home: directory.path)
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let socketUnit = directory.appendingPathComponent("tidingsd.socket")
        try FileManager.default.copyItem(at: root.appendingPathComponent("systemd/tidingsd.socket"), to: socketUnit)
        let verify = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", "--user", path.path, socketUnit.path],
            environment: environment)
        #expect(verify.status == 0 && verify.err.isEmpty && verify.out.isEmpty, "\(verify)")
        #expect(unit.contains("Type=notify") && unit.contains("WatchdogSec="))
        // A damaged database (exit 65) is not restarted in a loop.
        #expect(unit.contains("RestartPreventExitStatus=65"))
    }
}
