import FeedIPC
import FeedStorage
import Foundation
import Testing
import TestSupport

/// Every command example of README.md and docs/cli.md, run as written against a real daemon with
/// local feeds, so that a documented example that stops working fails `make test`.
///
/// What counts as an example is the rule docs/cli.md states for writers, in its introduction
/// (`DocExamples` applies it): in a fenced code block, every line starting with `tidings ` or
/// `$ tidings `; in running text, a `` `tidings …` `` code span with at least one argument; a
/// line with a placeholder (`FEED`, `NUMBER`, `[--json]`, …) is a synopsis and is not run. An
/// example must exit with 0, unless it is shown with an error line (`tidings: …`, status 1) or
/// ends in `# exit N`.
///
/// Each document's examples run in its order, through bash in `$HOME`, against one daemon of
/// their own, which starts with three feeds subscribed (1 `Feed 1`, 2 `喫茶 Notes`, 3
/// `Kernel Notes`) holding items 1 to 19, so that the numbers the documents use exist. The sites
/// the examples name are replaced by local stand-ins (`World.sites`), `~/.newsboat/urls` lists
/// local feeds, and `$BROWSER` is a stub that records what it was asked to open. `tidings watch`
/// runs until the daemon stops: its examples work when they are still running, silent on stderr,
/// after a second. Examples that cannot run here are in `allowList`, with the reason.
@Suite(.timeLimit(.minutes(4)))
struct DocExamplesTests {
    static let documents = ["README.md", "docs/cli.md"]

    /// Examples (as written, without a `$ ` or a comment) that are not run, with the reason. An
    /// entry no document holds is an error, so the list cannot outlive its examples.
    static let allowList: [String: String] = [
        // It works (ShutdownTests runs it), and would leave the examples after it no daemon.
        "tidings stop": "stops the daemon the other examples run against",
    ]

    static let sourceTree = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(of document: String) throws -> String {
        try String(contentsOf: sourceTree.appendingPathComponent(document), encoding: .utf8)
    }

    static func examples(of document: String) throws -> [DocExample] {
        DocExamples.extract(from: try text(of: document), file: document).examples
    }

    @Test(arguments: documents)
    func everyExampleWorks(document: String) async throws {
        let examples = try Self.examples(of: document).filter { Self.allowList[$0.command] == nil }
        #expect(examples.count >= 10, "\(document): the examples were not found: \(examples)")
        let world = try await World.start()
        defer { world.stop() }

        // `watch` examples wait for the daemon to stop: they run beside the others.
        let watching = examples.filter { $0.subcommand == "watch" }
        async let watched = withThrowingTaskGroup(of: (DocExample, ProcessResult).self) { group in
            for example in watching { group.addTask { (example, try await world.run(example)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for example in examples where example.subcommand != "watch" {
            let result = try await world.run(example)
            #expect(result.status == example.status, "\(example) should exit with \(example.status):\n\(result)")
        }
        for (example, result) in try await watched {
            #expect(result.status == World.stillRunning && result.err.isEmpty, "\(example) should still run, quietly:\n\(result)")
        }
    }

    @Test func theAllowListNamesOnlyDocumentedExamples() throws {
        let commands = Set(try Self.documents.flatMap { try Self.examples(of: $0) }.map(\.command))
        for (command, reason) in Self.allowList {
            #expect(commands.contains(command), "allowed without being documented: \(command) (\(reason))")
        }
    }

    /// The status, hello and schema examples show the versions of the program as it is now.
    @Test func documentedVersionsAreTheProgramsOwn() throws {
        let protocolVersion = ProtocolVersion.current, schema = SQLiteFeedStore.latestSchemaVersion
        let checks: [(pattern: String, expected: String)] = [
            (#""protocolVersion"\s*:\s*"([^"]*)""#, protocolVersion),
            (#"tidingsd [0-9.]+ \(protocol ([^)]*)\)"#, protocolVersion),
            (#"Protocol version \*\*([^*]*)\*\*"#, protocolVersion),
            (#""schemaVersion"\s*:\s*"([^"]*)""#, schema),
            (#"(?m)^schema:\s+(\S+)"#, schema),
            (#"before-(v[0-9]+)\.bak"#, schema),
            (#""daemonVersion"\s*:\s*"([^"]*)""#, TidingsVersion.current),
            (#"tidingsd ([0-9]+\.[0-9]+\.[0-9]+)"#, TidingsVersion.current),
            (#""tidings/([^"]*)""#, TidingsVersion.current),
        ]
        for (pattern, expected) in checks {
            let regex = try NSRegularExpression(pattern: pattern)
            var seen = 0
            for document in Self.documents + ["docs/json.md", "docs/protocol.md"] {
                let text = try Self.text(of: document)
                for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let value = String(text[Range(match.range(at: 1), in: text)!])
                    let line = text[..<Range(match.range, in: text)!.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
                    #expect(value == expected, "\(document):\(line) shows \(value) where the program says \(expected)")
                    seen += 1
                }
            }
            #expect(seen > 0, "no document shows /\(pattern)/ any more: drop the check or fix the pattern")
        }
    }

    /// The synopsis at the top of docs/cli.md names every command and option the client has.
    @Test func theSynopsisNamesEveryCommandAndOption() async throws {
        let cli = try Self.text(of: "docs/cli.md")
        // The synopsis is the first code block; a command without options (`tidings reload`)
        // is an example there as well as a synopsis line.
        let synopses = cli.components(separatedBy: "```").dropFirst().first?
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("tidings ") } ?? []
        let dump = try await ProcessResult.run(Binaries.client, ["--experimental-dump-help"], environment: ["LANG": "C.UTF-8"])
        let root = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])["command"] as? [String: Any]
        for (path, options) in CommandTree(try #require(root)).commands {
            let lines = synopses.filter { $0 == "tidings \(path)" || $0.hasPrefix("tidings \(path) ") }
            #expect(!lines.isEmpty, "the synopsis has no line for 'tidings \(path)'")
            for option in options where !CommandTree.global.contains(option) {
                #expect(lines.contains { Self.names($0, option) }, "the synopsis of 'tidings \(path)' lacks --\(option)")
            }
        }
        for option in CommandTree.global {
            #expect(Self.names(cli, option), "docs/cli.md does not describe the global option --\(option)")
        }
    }

    /// Whether `text` holds `--option` as a whole word.
    static func names(_ text: String, _ option: String) -> Bool {
        text.range(of: "--\(option)(?![a-z-])", options: .regularExpression) != nil
    }

    /// What the rule finds, on a made-up document.
    @Test func theRuleForWritersIsTheOneDocumented() {
        let markdown = """
            Run `tidings list --tag linux` or `tidings show NUMBER`; `tidings feeds` is the list;
            `tidings show 12 | less -R` pages, `tidings tag 3 -OLD` is a synopsis.
            ```
            tidings list [--all] [--json]
            tidings tag FEED +TAG
            tidings search "kernel OR scheduler"   # words in capitals inside quotes are words
            $ tidings read 12 999
            Marked 1 item read
            tidings: no item 999
            $ tidings open 5      # exit 3: no daemon
            tidings --version
            $ tidings lst
            tidings: unknown command 'lst'; did you mean 'list'?
            see 'tidings --help'
            tidings tag 3 +<Tab>
            ```
            """
        let found = DocExamples.extract(from: markdown, file: "x.md")
        #expect(found.examples.map(\.command) == [
            "tidings list --tag linux", "tidings show 12 | less -R", #"tidings search "kernel OR scheduler""#,
            "tidings read 12 999", "tidings open 5", "tidings --version", "tidings lst",
        ])
        #expect(found.examples.map(\.status) == [0, 0, 0, 1, 3, 0, 2])
        #expect(found.examples.map(\.line) == [1, 2, 6, 7, 10, 11, 12])
        #expect(found.synopses.map(\.command) == ["tidings list [--all] [--json]", "tidings tag FEED +TAG", "tidings tag 3 +<Tab>"])
    }
}

/// The commands of `tidings --experimental-dump-help`: each path (`list`, `rules apply`) with the
/// long names of its visible options.
struct CommandTree {
    /// Options every command takes (docs/cli.md describes them once).
    static let global: Set<String> = ["socket", "color", "no-autostart", "help", "version"]

    var commands: [(path: String, options: [String])] = []

    init(_ root: [String: Any]) {
        for subcommand in root["subcommands"] as? [[String: Any]] ?? [] { add(subcommand, prefix: "") }
    }

    private mutating func add(_ command: [String: Any], prefix: String) {
        guard let name = command["commandName"] as? String, name != "help", command["shouldDisplay"] as? Bool != false else { return }
        let path = prefix.isEmpty ? name : "\(prefix) \(name)"
        let arguments = command["arguments"] as? [[String: Any]] ?? []
        let options = arguments.filter { $0["kind"] as? String != "positional" && $0["shouldDisplay"] as? Bool != false }
            .compactMap { ($0["names"] as? [[String: Any]])?.first { $0["kind"] as? String == "long" }?["name"] as? String }
        commands.append((path, options))
        for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { add(subcommand, prefix: path) }
    }
}
