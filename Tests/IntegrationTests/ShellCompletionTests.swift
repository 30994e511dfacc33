import Foundation
import Testing

/// Completion of feeds, tags and files (docs/cli.md, "Shell completions"): the generated scripts
/// call `tidings ---completion …` back, and that asks the daemon for its feeds without starting
/// it, printing nothing but the candidates.
@Suite(.timeLimit(.minutes(2)))
struct ShellCompletionTests {
    /// What the shell runs on Tab for the argument `argument` of `command` while the user types
    /// `words` (the last one being completed), one candidate a line.
    func complete(
        _ command: String, _ argument: String, _ words: [String], socket: String?, home: String
    ) async throws -> ProcessResult {
        var environment = DaemonHarness.baseEnvironment(home: home)
        environment["TIDINGS_SOCKET"] = socket
        environment["TIDINGS_NO_AUTOSTART"] = nil
        // A subcommand's path is one word each (`feed show`).
        let request = ["---completion"] + command.split(separator: " ").map(String.init)
            + ["--", argument, String(words.count - 1), String(words.last?.count ?? 0)]
        return try await ProcessResult.run(Binaries.client, request + words, environment: environment)
    }

    func lines(_ result: ProcessResult) -> [String] {
        result.out.split(separator: "\n").map(String.init)
    }

    @Test func feedsAndTagsComeFromTheDaemon() async throws {
        try await TaggedFeeds.with { daemon in
            let socket = daemon.socketPath, home = daemon.directory.path
            let feeds = ["1", "2", "Planet Terminal", "Kernel Notes"]
            for (command, argument, words) in [
                ("list", "--feed", ["tidings", "list", "--feed", ""]),
                ("list", "--feed", ["tidings", "list", "-a", "-f", ""]),
                ("search", "--feed", ["tidings", "search", "-f", "Pl"]),
                ("read", "--feed", ["tidings", "read", "--feed", ""]),
                ("unsubscribe", "positional@0", ["tidings", "unsubscribe", ""]),
                ("rename", "positional@0", ["tidings", "rename", "K"]),
                ("refresh", "positional@0", ["tidings", "refresh", "1", ""]),
                ("tag", "positional@0", ["tidings", "tag", ""]),
                ("feed show", "positional@0", ["tidings", "feed", "show", ""]),
            ] {
                let result = try await complete(command, argument, words, socket: socket, home: home)
                #expect(result.status == 0 && result.err.isEmpty, "\(words): \(result)")
                #expect(lines(result) == feeds, "\(words): \(result)")
            }
            for (command, argument, words) in [
                ("list", "--tag", ["tidings", "list", "--tag", ""]),
                ("search", "--tag", ["tidings", "search", "-t", "n"]),
                ("feeds", "--tag", ["tidings", "feeds", "--tag", ""]),
                ("subscribe", "--tag", ["tidings", "subscribe", "https://x.example/", "--tag", ""]),
                ("tag", "positional@1", ["tidings", "tag", "2", ""]),
            ] {
                let result = try await complete(command, argument, words, socket: socket, home: home)
                #expect(result.status == 0 && result.err.isEmpty, "\(words): \(result)")
                #expect(lines(result) == ["news", "terminal"], "\(words): \(result)")
            }
            for (name, query) in [("Rust news", "rust"), ("Episodes", "has:enclosure")] {
                _ = try await daemon.tidings(["view", "add", name, query])
            }
            for (command, argument, words) in [
                ("list", "--view", ["tidings", "list", "--view", ""]),
                ("read", "--view", ["tidings", "read", "--view", "R"]),
                ("view", "positional@0", ["tidings", "view", "remove", ""]),
            ] {
                let result = try await complete(command, argument, words, socket: socket, home: home)
                #expect(result.status == 0 && result.err.isEmpty, "\(words): \(result)")
                #expect(lines(result) == ["Rust news", "Episodes"], "\(words): \(result)")
            }
            let verbs = try await complete("view", "positional@0", ["tidings", "view", ""], socket: socket, home: home)
            #expect(lines(verbs) == ["list", "add", "remove"], "\(verbs)")
            let removal = try await complete("tag", "positional@1", ["tidings", "tag", "1", "-n"], socket: socket, home: home)
            #expect(lines(removal) == ["-news", "-terminal"], "\(removal)")
            let addition = try await complete("tag", "positional@1", ["tidings", "tag", "1", "+"], socket: socket, home: home)
            #expect(lines(addition) == ["+news", "+terminal"], "\(addition)")
        }
    }

    @Test func theSocketOnTheCommandLineIsAsked() async throws {
        try await TaggedFeeds.with { daemon in
            for words in [
                ["tidings", "--socket", daemon.socketPath, "list", "-f", ""],
                ["tidings", "list", "--socket=\(daemon.socketPath)", "-f", ""],
                ["tidings", "list", "--socket", "'\(daemon.socketPath)'", "-f", ""],
                // bash splits `--socket=PATH` at the `=` (COMP_WORDBREAKS).
                ["tidings", "list", "--socket", "=", daemon.socketPath, "-f", ""],
            ] {
                let result = try await complete("list", "--feed", words, socket: "/nonexistent/x.sock", home: daemon.directory.path)
                #expect(lines(result) == ["1", "2", "Planet Terminal", "Kernel Notes"], "\(words): \(result)")
            }
        }
    }

    @Test func bashGetsTitlesAndTagsAsWordsAndExpandsNothingInThem() async throws {
        try await TaggedFeeds.with { daemon in
            let marker = daemon.directory.path + "/expanded"
            let renamed = try await daemon.tidings(["rename", "2", "$(touch \(marker))"])
            let tagged = try await daemon.tidings(["tag", "2", "`touch \(marker)`"])
            #expect(renamed.status == 0 && tagged.status == 0, "\(renamed)\n\(tagged)")
            let script = try await ProcessResult.run(
                Binaries.client, ["--generate-completion-script", "bash"],
                environment: DaemonHarness.baseEnvironment(home: daemon.directory.path))
            // What bash does on Tab: the generated function fills COMPREPLY with the text itself,
            // which bash quotes as it inserts it (`complete -o filenames`); nothing is expanded.
            let session = script.out + #"""
                complete_line() {
                    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                    _tidings tidings "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                    printf '%s\n' "${COMPREPLY[@]}"
                }
                complete_line tidings list -f ''
                echo --
                complete_line tidings list --tag ''
                """#
            var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path)
            environment["TIDINGS_SOCKET"] = daemon.socketPath
            environment["PATH"] = Binaries.directory.path + ":/usr/bin:/bin"
            let bash = try await ProcessResult.run(URL(fileURLWithPath: "/bin/bash"), ["-c", session], environment: environment)
            #expect(bash.status == 0, "\(bash)")
            #expect(bash.out == #"""
                1
                2
                Planet Terminal
                $(touch \#(marker))
                --
                `touch \#(marker)`
                news
                terminal

                """#, "\(bash)")
            #expect(!FileManager.default.fileExists(atPath: marker), "a title ran a command")
        }
    }

    @Test func withoutADaemonNothingIsPrintedAndNothingStarted() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-complete-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let socket = home + "/tidingsd.sock"
        // Autostart allowed by the environment: a completion still never starts the daemon.
        let result = try await complete("list", "--feed", ["tidings", "list", "-f", ""], socket: socket, home: home)
        #expect(result.status == 0 && result.out.isEmpty && result.err.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: socket))
        #expect(DaemonProcesses.pids(usingSocket: socket).isEmpty)
    }

    @Test func theScriptsCallBackForFeedsAndTagsAndCompleteFiles() async throws {
        let environment = DaemonHarness.baseEnvironment(home: FileManager.default.temporaryDirectory.path)
        func script(_ shell: String) async throws -> String {
            let result = try await ProcessResult.run(Binaries.client, ["--generate-completion-script", shell], environment: environment)
            #expect(result.status == 0, "\(shell): \(result)")
            return result.out
        }
        let callbacks = [
            "---completion list -- --feed", "---completion list -- --tag", "---completion search -- --feed",
            "---completion search -- --tag", "---completion read -- --feed", "---completion feeds -- --tag",
            "---completion unsubscribe -- positional@0", "---completion rename -- positional@0",
            "---completion refresh -- positional@0", "---completion tag -- positional@0", "---completion tag -- positional@1",
            "---completion feed show -- positional@0", "---completion feed set -- positional@0",
            "---completion feed unset -- positional@0",
        ]
        let bash = try await script("bash"), zsh = try await script("zsh"), fish = try await script("fish")
        for callback in callbacks {
            #expect(bash.contains(callback) && zsh.contains(callback) && fish.contains(callback), "\(callback)")
        }
        // import FILE and export -o FILE complete file names.
        let bashImport = try #require(bash.components(separatedBy: "_tidings_import() {").last?.components(separatedBy: "\n}\n").first)
        #expect(bashImport.contains("# Offer positional completions") && bashImport.contains("__tidings_add_completions -f"), "\(bashImport)")
        #expect(bash.contains("'--output'|'-o')\n        __tidings_add_completions -f"), "\(bash)")
        #expect(zsh.contains("':file:_files'") && zsh.contains("instead of stdout.]:file:_files'"), "\(zsh)")
        #expect(fish.contains(#"__tidings_should_offer_completions_for_positional "tidings import" -eq 1' -F"#), "\(fish)")
        #expect(fish.contains(#""tidings export" o output' -l 'output' -s 'o' -d 'Write to this file (replaced atomically) instead of stdout.' -rF"#), "\(fish)")
    }
}
