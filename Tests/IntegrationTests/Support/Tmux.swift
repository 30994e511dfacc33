import ChildProcess
import Foundation

/// A private tmux server (its own socket name, no config file) with one window running one
/// command: a real terminal for the reader, driven with `send-keys` and read with
/// `capture-pane`. Every wait is bounded and polls the screen; nothing sleeps and hopes.
///
/// `kill()` (also run by `deinit`) stops the server and with it everything in the pane; call
/// it from a `defer` so that a failing test leaves no server behind.
final class Tmux: Sendable {
    static let executable = URL(fileURLWithPath: "/usr/bin/tmux")

    /// The server's socket name (`tmux -L`), unique to this instance.
    let server: String
    /// The environment tmux itself runs with: the harness's minimal one, so that nothing from
    /// the developer's session (a `TMUX` variable, a real `BROWSER`) reaches the pane.
    private let environment: [String: String]

    /// Starts the server with a detached session of `width` × `height` running `command`
    /// (through `sh -c`), the pane's environment `environment` (passed with `-e`, but for
    /// `TERM`, which the shell exports before running `command`); the
    /// server's socket goes in `directory` (a test's own, removed with it).
    /// - Throws: `HarnessError` when tmux fails to start the session.
    init(command: String, environment: [String: String], directory: URL, width: Int = 100, height: Int = 30) async throws {
        server = "tidings-it-\(UUID().uuidString.prefix(8))"
        var own = DaemonHarness.baseEnvironment(home: directory.path)
        own["TMUX_TMPDIR"] = directory.path
        self.environment = own
        let variables = environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        // tmux sets the pane's TERM from its `default-terminal` whatever `-e` says: a TERM
        // asked for is set by the pane's shell, before the command.
        let command = environment["TERM"].map { "export TERM='\($0)'; " + command } ?? command
        // Started with ChildProcess, not `Process`: the server this forks must begin with an
        // empty signal mask and default dispositions (a test runner's thread blocks most
        // signals, and tmux would pass that on to the shell in the pane and ignore kill-server),
        // and must not hold a pipe of ours open (a read to the end would never end).
        let nullDevice = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(nullDevice) }
        let arguments = [Self.executable.path, "-L", server, "-f", "/dev/null", "new-session", "-d", "-s", "it",
            "-x", "\(width)", "-y", "\(height)"] + variables + [command]
        let spawned = ChildProcess.spawn(
            arguments, environment: self.environment.map { "\($0.key)=\($0.value)" }, input: .nullDevice,
            output: nullDevice, group: .newSession)
        guard case .success(let pid) = spawned else { throw HarnessError("tmux could not be started: \(spawned)") }
        let status = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1, errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
        guard status == 0 else { throw HarnessError("tmux new-session failed with wait status \(status)") }
    }

    deinit { kill() }

    private static func run(_ server: String, _ environment: [String: String], _ arguments: [String]) async throws -> ProcessResult {
        try await ProcessResult.run(executable, ["-L", server, "-f", "/dev/null"] + arguments, environment: environment)
    }

    /// Runs a tmux command against this server.
    @discardableResult
    func command(_ arguments: [String]) async throws -> ProcessResult {
        let result = try await Self.run(server, environment, arguments)
        guard result.status == 0 else { throw HarnessError("tmux \(arguments.joined(separator: " ")) failed: \(result)") }
        return result
    }

    /// Sends keys by tmux's names (`Enter`, `Escape`, `C-z`, `q`…), one key per argument.
    func send(_ keys: String...) async throws {
        try await command(["send-keys", "-t", "it"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) async throws {
        try await command(["send-keys", "-t", "it", "-l", text])
    }

    /// The pane's visible screen, one string per line (trailing blanks trimmed by tmux); with
    /// `history`, the lines scrolled off the top too, and lines the terminal wrapped joined.
    func screen(history: Bool = false) async throws -> [String] {
        let captured = try await command(["capture-pane", "-p", "-t", "it"] + (history ? ["-J", "-S", "-"] : []))
        return captured.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The pane's visible screen with the SGR sequences tmux keeps for its cells (`-e`).
    func screenWithEscapes() async throws -> [String] {
        let captured = try await command(["capture-pane", "-p", "-e", "-t", "it"])
        return captured.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A tmux format expanded for the pane, e.g. `#{alternate_on}` or `#{pane_pid}`.
    func display(_ format: String) async throws -> String {
        try await command(["display-message", "-p", "-t", "it", format]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the pane shows the alternate screen (a full-screen program is on it).
    func alternateScreen() async throws -> Bool {
        try await display("#{alternate_on}") == "1"
    }

    /// Resizes the window (and so the pane; the program in it gets SIGWINCH).
    func resize(width: Int, height: Int) async throws {
        try await command(["resize-window", "-t", "it", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits (at most `timeout`) until `condition` holds for the screen, and returns that screen.
    /// - Throws: `HarnessError` naming `what` and showing the last screen when it never did.
    @discardableResult
    func waitForScreen(
        _ what: String, timeout: Duration = .seconds(30), _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var lines = try await screen()
        while !condition(lines) {
            guard ContinuousClock.now < deadline else {
                throw HarnessError("the screen never showed \(what) within \(timeout); it shows:\n\(lines.joined(separator: "\n"))")
            }
            try await Task.sleep(for: .milliseconds(50))
            lines = try await screen()
        }
        return lines
    }

    /// Waits (at most `timeout`) until a line of the screen contains every one of `texts`.
    @discardableResult
    func waitForLine(containing texts: String..., timeout: Duration = .seconds(30)) async throws -> [String] {
        try await waitForScreen("a line with \(texts)", timeout: timeout) { lines in
            lines.contains { line in texts.allSatisfy(line.contains) }
        }
    }

    /// Waits (at most `timeout`) until the alternate screen is on (`true`) or off (`false`).
    func waitForAlternateScreen(_ on: Bool, timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await alternateScreen() != on {
            guard ContinuousClock.now < deadline else {
                throw HarnessError("the alternate screen stayed \(on ? "off" : "on") for \(timeout); the screen:\n\(try await screen().joined(separator: "\n"))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The process called `name` that the pane's shell started (its direct child), if any.
    func childProcess(named name: String) async throws -> pid_t? {
        guard let shell = pid_t(try await display("#{pane_pid}")) else { return nil }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            // "pid (comm) state ppid …": the name may hold spaces and parentheses.
            let command = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if command == name, fields.count > 1, pid_t(fields[1]) == shell { return pid }
        }
        return nil
    }

    /// Stops the server and everything running in it; waits for tmux to have done so.
    func kill() {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["-L", server, "-f", "/dev/null", "kill-server"]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }
}
