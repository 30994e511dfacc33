import Foundation
import Testing
@testable import FeedClient

/// Starts real processes: small shell scripts standing in for browsers.
///
/// The scripts are started as `/bin/sh SCRIPT`, not executed themselves: a file written a moment
/// ago may still be open for writing in a child that another test forked concurrently, and
/// exec'ing it then fails with ETXTBSY ("Text file busy") — a flaky test, not a launcher bug.
struct ProcessBrowserLauncherTests {
    /// A directory with a script that records its argv, one argument per line.
    struct Scratch {
        let directory: URL
        var record: URL { directory.appendingPathComponent("argv.txt") }
        var recorder: String { directory.appendingPathComponent("browser.sh").path }
        var failing: String { directory.appendingPathComponent("failing.sh").path }
        /// The command line that starts `recorder` (see the type's comment for why through sh).
        var recorderCommand: String { "/bin/sh '\(recorder)'" }
        var failingCommand: String { "/bin/sh '\(failing)'" }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-launch-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(record.path)'\n", to: recorder)
            try write("#!/bin/sh\nexit 4\n", to: failing)
        }

        private func write(_ script: String, to path: String) throws {
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }

        var recordedArguments: [String]? {
            (try? String(contentsOf: record, encoding: .utf8))?.split(separator: "\n").map(String.init)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func passesTheLinkAsOneArgument() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let url = "https://example.org/a?b=1&c=$(touch%20x);`id`"
        let command = try #require(BrowserCommand(parsing: "\(scratch.recorderCommand) --flag %s"))
        let used = try ProcessBrowserLauncher().open(url, with: [command])
        #expect(used == command)
        // One argument, with what a URL may not hold percent-encoded (the backquotes).
        #expect(scratch.recordedArguments == ["--flag", "https://example.org/a?b=1&c=$(touch%20x);%60id%60"])
    }

    @Test func triesTheNextCommandWhenOneCannotStart() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let commands = ["/nonexistent/browser", scratch.recorderCommand].compactMap(BrowserCommand.init(parsing:))
        let used = try ProcessBrowserLauncher().open("https://example.org/", with: commands)
        #expect(used.template == ["/bin/sh", scratch.recorder])
        #expect(scratch.recordedArguments == ["https://example.org/"])
    }

    @Test func reportsWhenNoCommandStarts() throws {
        let commands = ["/nonexistent/a", "tidings-no-such-browser"].compactMap(BrowserCommand.init(parsing:))
        #expect(throws: BrowserLaunchError.noBrowserStarted(
            tried: ["/nonexistent/a", "tidings-no-such-browser"], reason: "No such file or directory")) {
            try ProcessBrowserLauncher().open("https://example.org/", with: commands)
        }
    }

    @Test func reportsANonZeroExit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let command = try #require(BrowserCommand(parsing: scratch.failingCommand))
        #expect(throws: BrowserLaunchError.browserFailed(program: "/bin/sh", status: 4)) {
            try ProcessBrowserLauncher().open("https://example.org/", with: [command])
        }
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "https://example.org/\u{1B}[2J"])
    func refusesForbiddenLinksWithoutStartingAnything(_ link: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let command = try #require(BrowserCommand(parsing: scratch.recorderCommand))
        #expect(throws: BrowserLaunchError.self) {
            try ProcessBrowserLauncher().open(link, with: [command])
        }
        #expect(scratch.recordedArguments == nil)
    }
}
