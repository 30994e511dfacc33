import Foundation
import Glibc

/// A real X server (Xvfb) on a display of its own, and real programs in it: xterm, xdotool,
/// xwd with ImageMagick for a screenshot. Each process is ended by its own PID.
final class XDisplay: @unchecked Sendable {
    let number: Int
    private let server: Process
    private var clients: [Process] = []

    /// Whether a server listens on the Unix socket at `path`.
    private static func accepts(_ path: String) -> Bool {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Whether display `number`'s lock names a process that is alive (or that another user
    /// owns, which only it may end).
    private static func isHeld(_ number: Int) -> Bool {
        guard let pid = lockHolder(number) else { return FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The PID that display `number`'s lock file names, if it can be read.
    private static func lockHolder(_ number: Int) -> pid_t? {
        guard let lock = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .ascii),
            let pid = pid_t(lock.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
        else { return nil }
        return pid
    }

    var name: String { ":\(number)" }

    /// Starts Xvfb on the first free display from 90 (a display another test or user holds has
    /// its lock already, naming a live process) and waits until its socket is there. A lock
    /// whose process is gone (a machine restored without its processes) is Xvfb's to remove.
    init(width: Int = 1024, height: Int = 768) async throws {
        var started: (Int, Process)?
        for number in 90..<190 where !Self.isHeld(number) {
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            // GLX for kitty, which draws with OpenGL (Mesa's software renderer here).
            server.arguments = [":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "+extension", "GLX"]
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            let clock = ContinuousClock(), deadline = clock.now + .seconds(10)
            // The socket may be a stale one left behind: the server is up once it accepts, and
            // it is ours once the lock names it (a test starting a server on the same display
            // at the same moment finds the other's socket accepting while its own gives up).
            let isOurs = { Self.accepts("/tmp/.X11-unix/X\(number)") && Self.lockHolder(number) == server.processIdentifier }
            while server.isRunning, clock.now < deadline, !isOurs() {
                try await Task.sleep(for: .milliseconds(20))
            }
            if server.isRunning, isOurs() {
                started = (number, server)
                break
            }
            if server.isRunning { kill(server.processIdentifier, SIGTERM) }
            server.waitUntilExit()
        }
        guard let (number, server) = started else { throw HarnessError("no display free for Xvfb from :90 to :189") }
        self.number = number
        self.server = server
    }

    /// Starts `arguments` (an argv) with `DISPLAY` set to this display.
    func start(_ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment.merging(["DISPLAY": name]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        clients.append(process)
    }

    /// Runs `arguments` to completion on this display.
    func run(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessResult.run(
            URL(fileURLWithPath: arguments[0]), Array(arguments.dropFirst()),
            environment: ["DISPLAY": name, "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path])
    }

    /// The whole screen's pixels.
    func screenshot() async throws -> Screenshot {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).xwd").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let shot = try await run(["/usr/bin/xwd", "-root", "-silent", "-out", file])
        guard shot.status == 0 else { throw HarnessError("xwd failed: \(shot)") }
        let converted = try await run(["/usr/bin/convert", "xwd:" + file, "-depth", "8", "ppm:-"])
        guard converted.status == 0, let screenshot = Screenshot(ppm: converted.stdout) else {
            throw HarnessError("convert failed: \(converted.err)")
        }
        return screenshot
    }

    /// Ends every program started here, then the server, each by its own PID. SIGKILL for the
    /// programs: an xterm with `-hold` ignores SIGTERM and SIGHUP once its command has ended.
    func end() {
        for client in clients where client.isRunning { kill(client.processIdentifier, SIGKILL) }
        for client in clients { client.waitUntilExit() }
        // Xvfb may outwait a SIGTERM for a while (seen here for minutes): SIGKILL after 2 s.
        if server.isRunning { kill(server.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(2)
        while server.isRunning, Date() < deadline { usleep(20_000) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }
}

/// A screenshot's pixels, RGB.
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    /// Reads a binary PPM (`P6`, 8 bits).
    init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, fields[2] == 255, bytes.count - index >= fields[0] * fields[1] * 3 else { return nil }
        width = fields[0]
        height = fields[1]
        rgb = Array(bytes[index..<(index + width * height * 3)])
    }

    func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let at = (y * width + x) * 3
        return (rgb[at], rgb[at + 1], rgb[at + 2])
    }

    /// The bounding box of the pixels `matching`, and how many there are; all zeros when none
    /// do, so that sums over an empty region fail their expectations instead of overflowing.
    func region(where matching: (UInt8, UInt8, UInt8) -> Bool) -> (count: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) {
        var count = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 3
                guard matching(rgb[at], rgb[at + 1], rgb[at + 2]) else { continue }
                count += 1
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        return count == 0 ? (0, 0, 0, 0, 0) : (count, minX, minY, maxX, maxY)
    }
}
