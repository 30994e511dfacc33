import Foundation
import Testing
import TestSupport

/// The config's `colors:` on a real terminal: each element drawn in the colours and attributes
/// it names, 256 colours where the terminal has them and the nearest of its 8 where it has
/// no more, attributes alone with `NO_COLOR`; a mistake refused by `tidings reload` and by the
/// reader, naming the file and the line.
@Suite(.timeLimit(.minutes(2)), .serialized)
struct ReaderColorsTests {
    static let config = """
        colors:
          listfocus_unread: black yellow bold
          info: color231 color24
          listnormal_unread: color208 default underline
          date: default default dim

        """

    /// A terminal type and what the elements' colours must come out as on it.
    struct Case: Sendable, CustomTestStringConvertible {
        var term: String
        var noColor: Bool
        /// SGR codes the focused row, the title bar and an unread row carry.
        var focus: Set<String>
        var bar: Set<String>
        var unread: Set<String>
        var testDescription: String { "TERM=\(term)\(noColor ? " NO_COLOR" : "")" }
    }

    static let cases = [
        Case(term: "tmux-256color", noColor: false, focus: ["1", "30", "43"], bar: ["38;5;231", "48;5;24"], unread: ["4", "38;5;208"]),
        // 8 colours: 231 is white, 24 (0,95,135) cyan, 208 (255,135,0) yellow.
        Case(term: "screen", noColor: false, focus: ["1", "30", "43"], bar: ["37", "46"], unread: ["4", "33"]),
        Case(term: "tmux-256color", noColor: true, focus: ["1"], bar: [], unread: ["4"]),
    ]

    @Test(arguments: cases)
    func eachElementIsDrawnAsTheConfigSays(_ colorCase: Case) async throws {
        #expect(!Self.cases.isEmpty)
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        try ReaderNewsboatMovesTests.writeClientConfig(Self.config, home: world.daemon.directory)
        var environment = world.environment()
        environment["TERM"] = colorCase.term
        if colorCase.noColor { environment["NO_COLOR"] = "1" }
        let tmux = try await Tmux(command: "\(world.reader); echo EXIT=$?; sleep 60", environment: environment, directory: world.daemon.directory)
        defer { tmux.kill() }
        try await ReaderTests.waitForFeeds(tmux, [("(7)", "All unread"), ("(3/3)", "Planet Terminal")])
        let screen = try await tmux.screenWithEscapes()
        let bar = try #require(screen.first)
        let focused = try #require(screen.first { Self.plain($0).contains("All unread") })
        let unread = try #require(screen.first { Self.plain($0).contains("Planet Terminal") })
        let colorCodes: (Set<String>) -> Set<String> = { $0.filter { $0.hasPrefix("3") || $0.hasPrefix("4") && $0 != "4" } }
        for (line, text, expected) in [(bar, "Feeds", colorCase.bar), (focused, "(7)", colorCase.focus), (unread, "Planet Terminal", colorCase.unread)] {
            let codes = Self.codes(at: text, in: line)
            #expect(codes.isSuperset(of: expected), "\(text) drawn with \(codes.sorted()), not \(expected.sorted()): \(line.debugDescription)")
            // No colour but the ones named: `default` is the terminal's own.
            #expect(colorCodes(codes) == colorCodes(expected), "\(text): \(codes.sorted()) in \(line.debugDescription)")
        }
        // An element given replaces its default look whole: the cursor's row is not reversed.
        #expect(!Self.codes(at: "(7)", in: focused).contains("7"))
        // A part keeps its own look over the row's: the all-unread view's title is cyan.
        if !colorCase.noColor { #expect(Self.codes(at: "All unread", in: focused).isSuperset(of: ["36", "43"])) }
    }

    @Test func aMistakeInColorsIsReportedByReloadAndTheReader() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        let config = world.daemon.directory.appendingPathComponent("config/tidings/config.yaml").path
        try ReaderNewsboatMovesTests.writeClientConfig("colors:\n  listfocus: black yellow\n  listselected: red\n", home: world.daemon.directory)
        let reloaded = try await world.daemon.tidings(["reload"])
        #expect(reloaded.status == 1, "\(reloaded)")
        #expect(reloaded.err.contains("\(config) line 3: colors: unknown element `listselected` (one of: background, listnormal,"), "\(reloaded)")
        let tmux = try await Tmux(
            command: "\(world.reader); echo EXIT=$?; sleep 60", environment: world.environment(), directory: world.daemon.directory)
        defer { tmux.kill() }
        try await tmux.waitForLine(containing: "EXIT=1")
        let told = try await tmux.screen(history: true).joined(separator: "\n")
        #expect(told.contains("tidings: cannot open the reader: \(config) line 3: colors: unknown element `listselected`"), "\(told)")
    }

    /// A captured line without its escape sequences.
    static func plain(_ line: String) -> String {
        var text = "", inEscape = false
        for character in line {
            if character == "\u{1B}" { inEscape = true; continue }
            if inEscape { if character == "m" { inEscape = false }; continue }
            text.append(character)
        }
        return text
    }

    /// The SGR codes in effect where `text` starts in a captured line (as tmux writes them: one
    /// sequence per attribute or colour, `0` resetting, `39`/`49` the default colours).
    static func codes(at text: String, in line: String) -> Set<String> {
        var active: Set<String> = []
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == "\u{1B}", let end = line[index...].firstIndex(of: "m") {
                let code = String(line[line.index(index, offsetBy: 2)..<end])
                switch code {
                case "0", "": active = []
                case "39": active = active.filter { !$0.hasPrefix("3") && !$0.hasPrefix("38") }
                case "49": active = active.filter { !($0.hasPrefix("4") && $0 != "4") }
                default:
                    if code.hasPrefix("3") { active = active.filter { !$0.hasPrefix("3") } }
                    if code.hasPrefix("4"), code != "4" { active = active.filter { !($0.hasPrefix("4") && $0 != "4") } }
                    active.insert(code)
                }
                index = line.index(after: end)
                continue
            }
            if line[index...].hasPrefix(text) { return active }
            index = line.index(after: index)
        }
        return []
    }
}
