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

    /// Runs `tidings ARGS` and expects a usage error: exactly `line`, then where the help is.
    func expectUsageError(
        _ arguments: [String], _ line: String, help: String = "tidings --help",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let result = try await run(arguments)
        #expect(result.status == 2, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.err == line + "\nsee '\(help)'\n", "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.out.isEmpty, "\(arguments): \(result)", sourceLocation: sourceLocation)
    }

    @Test func usageErrorsAreOneLineAndWhereTheHelpIs() async throws {
        try await expectUsageError(
            ["list", "--limt", "2"], "tidings: unknown option '--limt'; did you mean '--limit'?", help: "tidings list --help")
        try await expectUsageError(["list", "-f"], "tidings: missing value for '-f <feed>'", help: "tidings list --help")
        try await expectUsageError(
            ["unsubscribe"], "tidings: missing expected argument '<feed> ...'", help: "tidings unsubscribe --help")
        try await expectUsageError(["list", "-n", "x"], "tidings: the value 'x' is invalid for '-n <limit>'", help: "tidings list --help")
        try await expectUsageError(
            ["list", "--color", "bogus"],
            "tidings: the value 'bogus' is invalid for '--color <when>'; please provide one of 'auto', 'always' or 'never'",
            help: "tidings list --help")
        try await expectUsageError(
            ["read", "7-3"], "tidings: '7-3' is a reversed range: write the smaller number first", help: "tidings read --help")
        try await expectUsageError(["list", "--limit", "0"], "tidings: --limit must be at least 1", help: "tidings list --help")
        try await expectUsageError(["list", "extra"], "tidings: unexpected argument 'extra'", help: "tidings list --help")
        try await expectUsageError(
            ["rules", "x"], "tidings: expected 'tidings rules', 'tidings rules apply NAME [--dry-run]' or 'tidings rules test NAME'",
            help: "tidings rules --help")
        try await expectUsageError(
            ["feed"], "tidings: expected 'tidings feed show FEED', 'tidings feed set FEED KEY=VALUE…' or 'tidings feed unset FEED KEY…'",
            help: "tidings feed --help")
        try await expectUsageError(
            ["feed", "show", " "], "tidings: name a feed by number, URL or title", help: "tidings feed --help")
        try await expectUsageError(
            ["feed", "set", "3"], "tidings: give at least one key=value, such as interval=2h, or --stdin", help: "tidings feed --help")
        try await expectUsageError(
            ["feed", "unset", "3"], "tidings: give at least one key to clear, such as interval", help: "tidings feed --help")
        try await expectUsageError(
            ["subscribe", "https://x.example/", "--set", "interval"], "tidings: --set takes key=value, such as --set interval=2h",
            help: "tidings subscribe --help")
        try await expectUsageError(["--bogus", "list"], "tidings: unknown option '--bogus'")
        try await expectUsageError(["--socket"], "tidings: missing value for '--socket <path>'")
    }

    @Test func aMistypedCommandGetsTheNearestOnes() async throws {
        try await expectUsageError(["lst"], "tidings: unknown command 'lst'; did you mean 'list'?")
        try await expectUsageError(["lsit", "-a"], "tidings: unknown command 'lsit'; did you mean 'list'?")
        try await expectUsageError(["fedes"], "tidings: unknown command 'fedes'; did you mean 'feeds'?")
        try await expectUsageError(["unsub", "3"], "tidings: unknown command 'unsub'; did you mean 'unsubscribe'?")
        try await expectUsageError(["re"], "tidings: unknown command 're'; did you mean 'read', 'refresh' or 'rename'?")
        try await expectUsageError(["statsu"], "tidings: unknown command 'statsu'; did you mean 'status'?")
        try await expectUsageError(["--socket", "/tmp/x.sock", "lst"], "tidings: unknown command 'lst'; did you mean 'list'?")
        try await expectUsageError(["xyzzy"], "tidings: unknown command 'xyzzy'")
    }

    @Test func aWordTakenForAnOptionIsExplained() async throws {
        try await expectUsageError(
            ["search", "-kde"], "tidings: '-kde' was read as an option; to search for it, write: tidings search -- -kde",
            help: "tidings search --help")
        // With an h in it, the parser would have shown the help instead.
        try await expectUsageError(
            ["search", "-hello"], "tidings: '-hello' was read as an option; to search for it, write: tidings search -- -hello",
            help: "tidings search --help")
        try await expectUsageError(
            ["search", "linux", "-systemd", "-n", "5", "--json"],
            "tidings: '-systemd' was read as an option; to search for it, write: tidings search -n 5 --json linux -- -systemd",
            help: "tidings search --help")
        try await expectUsageError(
            ["rename", "3", "-x", "y"],
            "tidings: '-x' was read as an option; to give it as an argument, write: tidings rename 3 -- -x y",
            help: "tidings rename --help")
    }

    @Test func aValueMayBeAttachedToAShortOption() async throws {
        // Parsed: the command got as far as the daemon (none here, exit 3).
        for arguments in [["list", "-n1"], ["list", "-an5"], ["list", "-fnews"], ["search", "-n3", "x"], ["read", "-f3"], ["export", "-o/tmp/x.opml"]] {
            let result = try await run(arguments)
            #expect(result.status == 3 && result.err.hasPrefix("tidings: the daemon is not running"), "\(arguments): \(result)")
        }
        // The value is checked as a separate one is.
        try await expectUsageError(["list", "-n0"], "tidings: --limit must be at least 1", help: "tidings list --help")
        try await expectUsageError(["list", "-nx"], "tidings: the value 'x' is invalid for '-n <limit>'", help: "tidings list --help")
    }

    @Test func usageErrorsNeverEchoEscapeSequences() async throws {
        for arguments in [["read", "\u{1B}[2J\u{1B}]0;pwned\u{07}5x"], ["show", "\u{1B}[31m7\u{9B}1m"], ["\u{1B}[2Jlist"]] {
            let result = try await run(arguments)
            #expect(result.status == 2, "\(result)")
            #expect(!result.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(result)")
        }
        let read = try await run(["read", "\u{1B}[2J5x"])
        #expect(read.err.hasPrefix("tidings: '5x' is not an item number"), "\(read)")
    }

    @Test func anOverlongSearchIsRefusedBeforeItIsSent() async throws {
        let query = String(repeating: "word ", count: 300)
        let search = try await run(["search", query])
        #expect(search.status == 2, "\(search)")
        #expect(search.err == "tidings: the query is 1500 bytes long; at most 1024 are searched\nsee 'tidings search --help'\n", "\(search)")
        let list = try await run(["list", "--search", query])
        #expect(list.status == 2 && list.err.hasPrefix("tidings: --search is 1500 bytes long; at most 1024 are searched\n"), "\(list)")
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
        for arguments in [
            ["feed", "show", "3", "--json"], ["--socket", "/nowhere.sock", "feed", "set", "3", "interval=2h", "header=X-A: 1"],
            ["feed", "unset", "3", "header=X-A", "interval"], ["subscribe", "https://x.example/", "--set", "timeout=30s"],
        ] {
            let result = try await run(arguments)
            #expect(result.status == 3 && result.err.hasPrefix("tidings: the daemon is not running"), "\(arguments): \(result)")
        }
    }
}
