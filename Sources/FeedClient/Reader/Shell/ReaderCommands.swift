import Glibc
import ChildProcess

/// Runs the user's own programs from the reader: one given the terminal with an article on
/// its standard input (`pipe_to`), which the reader takes back once the user has read what it
/// printed; one run aside with its output captured (`bookmark_cmd`), waited for on a thread of
/// its own so that the reader keeps drawing. Owned by the Routers, as the browser is.
@MainActor
public final class ReaderCommands {
    private let launcher: any CommandLauncher
    /// Where programs run aside are waited for; made on the first one.
    private var waiter: ConnectionThread?

    public init(launcher: any CommandLauncher) {
        self.launcher = launcher
    }

    /// Runs `command` on the terminal with `text` on its standard input, then asks for Enter
    /// before the reader draws again, so that a program that prints and exits (`wc -w`) is
    /// read, not wiped.
    public func pipe(_ text: String, to command: [String], on terminal: any FullScreenTerminal) throws(CommandLaunchError) -> WaitStatus {
        terminal.suspend()
        defer { terminal.resume() }
        let status = try launcher.runOnTerminal(command, input: text)
        Self.waitForEnter()
        return status
    }

    /// Image viewers that draw in the terminal: they get it, as `pipe_to`'s command does.
    static let terminalViewers: Set<String> = ["chafa", "timg", "viu", "catimg", "tiv", "img2sixel", "kitten", "icat"]

    /// Opens the image file at `path` with `viewer` (the path its last argument). One that
    /// draws in the terminal (`chafa`, `timg`…) has it until it exits and Enter is pressed; a
    /// graphical one runs aside, not waited for, and `failed` hears of it if it ends badly.
    public func view(
        _ path: String, with viewer: [String], on terminal: any FullScreenTerminal,
        failed: @escaping @MainActor (String) -> Void
    ) throws(CommandLaunchError) {
        guard let program = viewer.first else { throw .cannotStart(program: "", reason: "no image viewer configured") }
        let command = viewer + [path]
        if Self.drawsInTerminal(viewer) {
            let status = try pipe("", to: command, on: terminal)
            if let problem = status.problem(program: program) { failed(problem) }
            return
        }
        Task { @MainActor in
            do {
                let (status, output) = try await self.runAside(command)
                if let problem = status.problem(program: program) {
                    let said = output.trimmingWhitespace.split(separator: "\n").last.map { ": " + TerminalText.sanitize(String($0)) } ?? ""
                    failed(problem + said)
                }
            } catch {
                failed(CommandFailure(error).message)
            }
        }
    }

    /// Whether `viewer` draws in the terminal: its program, or `kitty +kitten icat`'s kitten.
    static func drawsInTerminal(_ viewer: [String]) -> Bool {
        viewer.prefix(3).contains { word in
            terminalViewers.contains(word.split(separator: "/").last.map(String.init) ?? word)
        }
    }

    /// Runs `command` aside and returns its status and what it printed.
    public func runAside(_ command: [String]) async throws(CommandLaunchError) -> (status: WaitStatus, output: String) {
        let thread: ConnectionThread
        if let waiter {
            thread = waiter
        } else {
            do {
                thread = try ConnectionThread()
            } catch {
                throw .cannotStart(program: command.first ?? "", reason: "no thread to wait for it on")
            }
            waiter = thread
        }
        let launcher = self.launcher
        let result = await withTaskExecutorPreference(thread) {
            await Self.run(launcher, command)
        }
        return try result.get()
    }

    /// Runs on the task executor it is called under (the waiter thread), not the main actor.
    private nonisolated static func run(
        _ launcher: any CommandLauncher, _ command: [String]
    ) async -> Result<(status: WaitStatus, output: String), CommandLaunchError> {
        Result { () throws(CommandLaunchError) in try launcher.runCapturing(command) }
    }

    /// Writes the question on the terminal, cooked again while the reader is suspended, and
    /// reads up to the end of a line (or of the input).
    private static func waitForEnter() {
        let question = Array("\nPress Enter to go back to the reader.".utf8)
        _ = question.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return }
        }
    }
}
