import Foundation
import Testing

/// The argument parsing of the real `tidings` binary: a command parsed on its own (the quick
/// path) and through the whole command tree must read the same way to users.
struct CommandLineTests {
    func run(_ arguments: [String]) async throws -> ProcessResult {
        let home = FileManager.default.temporaryDirectory.path
        var environment = DaemonHarness.baseEnvironment(home: home)
        environment["TIDINGS_SOCKET"] = home + "/tidings-cli-test-\(UUID().uuidString.prefix(8)).sock"
        return try await ProcessResult.run(Binaries.client, arguments, environment: environment)
    }

    @Test func usageErrorsNameTheCommandAndExitWith2() async throws {
        let typo = try await run(["list", "--limt", "2"])
        #expect(typo.status == 2, "\(typo)")
        #expect(typo.err.contains("Unknown option '--limt'") && typo.err.contains("Usage: tidings list"), "\(typo)")
        let invalid = try await run(["read", "7-3"])
        #expect(invalid.status == 2 && invalid.err.contains("Usage: tidings read"), "\(invalid)")
        let unknown = try await run(["lsit"])
        #expect(unknown.status == 2, "\(unknown)")
    }

    @Test func usageErrorsNeverEchoEscapeSequences() async throws {
        for arguments in [["read", "\u{1B}[2J\u{1B}]0;pwned\u{07}5x"], ["show", "\u{1B}[31m7\u{9B}1m"], ["\u{1B}[2Jlist"]] {
            let result = try await run(arguments)
            #expect(result.status == 2, "\(result)")
            #expect(!result.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(result)")
        }
        let read = try await run(["read", "\u{1B}[2J5x"])
        #expect(read.err.hasPrefix("Error: '5x' is not an item number"), "\(read)")
    }

    @Test func anOverlongSearchIsRefusedBeforeItIsSent() async throws {
        let query = String(repeating: "word ", count: 300)
        let search = try await run(["search", query])
        #expect(search.status == 2, "\(search)")
        #expect(search.err.hasPrefix("Error: The query is 1500 bytes long; at most 1024 are searched."), "\(search)")
        let list = try await run(["list", "--search", query])
        #expect(list.status == 2 && list.err.hasPrefix("Error: --search is 1500 bytes long; at most 1024 are searched."), "\(list)")
    }

    @Test func helpVersionAndCompletionsUseTheWholeTree() async throws {
        let help = try await run(["list", "--help"])
        #expect(help.status == 0 && help.out.contains("USAGE: tidings list"), "\(help)")
        let version = try await run(["--version"])
        #expect(version.status == 0 && !version.out.isEmpty, "\(version)")
        for shell in ["bash", "zsh", "fish"] {
            let script = try await run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.out.contains("search") && script.out.contains("import"), "\(shell): \(script)")
        }
    }

    @Test func aValidCommandReachesTheDaemonStep() async throws {
        // No daemon at the socket: the command parsed and ran (exit 3, one line), whichever path parsed it.
        let list = try await run(["list", "--limit", "5", "--tag", "linux"])
        #expect(list.status == 3 && list.err.hasPrefix("tidings: the daemon is not running"), "\(list)")
    }
}
