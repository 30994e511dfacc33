import ChildProcess
import Testing
@testable import FeedClient

/// The image viewer from the reader: a graphical one run aside with the file as its last
/// argument and its failure told; one that draws in the terminal recognised by its program.
@MainActor
struct ReaderCommandsTests {
    final class LauncherSpy: CommandLauncher, @unchecked Sendable {
        // @unchecked: written on the waiter thread, read after the call it made returned.
        var captured: [[String]] = []
        var status = WaitStatus.exited(0)
        var output = ""
        func runOnTerminal(_ arguments: [String], input: String) throws(CommandLaunchError) -> WaitStatus { .exited(0) }
        func runCapturing(_ arguments: [String]) throws(CommandLaunchError) -> (status: WaitStatus, output: String) {
            captured.append(arguments)
            return (status, output)
        }
    }

    @Test func aGraphicalViewerGetsTheFileAndItsFailureIsTold() async throws {
        let launcher = LauncherSpy()
        launcher.status = .exited(2)
        launcher.output = "imv: cannot load\nimv: unsupported format\u{1B}[2J\n"
        let commands = ReaderCommands(launcher: launcher)
        let told: String = await withCheckedContinuation { continuation in
            do {
                try commands.view("/cache/view/a.png", with: ["imv", "-f"], on: FullScreenTerminalFake()) { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(returning: "not started: \(error)")
            }
        }
        #expect(launcher.captured == [["imv", "-f", "/cache/view/a.png"]])
        #expect(told == "`imv` exited with status 2: imv: unsupported format")
    }

    @Test func viewersThatDrawInTheTerminalAreKnownByTheirProgram() {
        #expect(ReaderCommands.drawsInTerminal(["chafa"]))
        #expect(ReaderCommands.drawsInTerminal(["/usr/bin/timg", "-g", "80x40"]))
        #expect(ReaderCommands.drawsInTerminal(["kitty", "+kitten", "icat"]))
        #expect(!ReaderCommands.drawsInTerminal(["imv"]))
        #expect(!ReaderCommands.drawsInTerminal(["xdg-open"]))
    }

    @Test func noViewerIsAnError() {
        #expect(throws: CommandLaunchError.self) {
            try ReaderCommands(launcher: LauncherSpy()).view("/x.png", with: [], on: FullScreenTerminalFake()) { _ in }
        }
    }
}
