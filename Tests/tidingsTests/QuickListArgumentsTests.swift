import FeedClient
import Testing
@testable import tidings

/// `QuickListArguments` reads what `ListCommand` reads, or leaves the arguments to it.
struct QuickListArgumentsTests {
    @Test(arguments: [
        [], ["--limit", "50"], ["-n", "5"], ["--limit=7"], ["-a"], ["--all", "--json"], ["-u", "--hidden"],
        ["--starred"], ["--feed", "Planet Terminal"], ["-f", "3"], ["--feed=https://example.org/feed"], ["--tag", "linux"],
        ["-t", "x"], ["--since", "2d"], ["--since=2026-11-01"], ["--search", "two words"], ["-s", "w"],
        ["--socket", "/tmp/s.sock"], ["--socket=/tmp/t"], ["--color", "never"], ["--color=always"], ["--no-autostart"],
        ["--limit", "+5"], ["-a", "-n", "3", "--json", "--no-autostart", "--socket", "/s", "--color", "auto", "-t", "T", "-f", "F"],
        ["--where", "is:unread tag:linux"], ["--where", "-tag:news"], ["--where=rust OR go", "-u"], ["--starred", "--where", "older:2w"],
        ["--view", "Rust news"], ["--view=Episodes", "-u"], ["--view", "V", "--where", "is:starred"],
    ])
    func readsThePlainFormsAsListCommandDoes(arguments: [String]) async throws {
        let quick = try #require(QuickListArguments(arguments))
        let command = try await ListCommand.asyncParse(arguments)
        #expect(quick.query == command.query)
        #expect(quick.json == command.json)
        #expect(quick.socket == command.global.socket)
        #expect(quick.color == command.global.color)
        #expect(quick.noAutostart == command.global.noAutostart)
    }

    @Test(arguments: [
        ["--limit", "0"], ["--limit", "x"], ["--limit"], ["-n", "-5"], ["-n5"], ["-au"], ["--all", "--unread"],
        ["--starred", "-u"], ["--all", "--all"], ["-n", "1", "--limit", "2"], ["--feed", " "], ["--feed="], ["--tag", ""],
        ["--search", "  "], ["--search", String(repeating: "w", count: 1025)], ["--since", "soon"], ["--color", "blue"],
        ["--json=true"], ["word"], ["--"], ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"],
        ["--feed", "--json"], ["--unknown"], ["-n=5"], ["--where", "tga:linux"], ["--where", ""], ["--where", "(a"], ["--where"],
        ["--view", " "], ["--view"], ["--view", "a", "--view", "b"],
    ])
    func leavesEverythingElseToListCommand(arguments: [String]) {
        #expect(QuickListArguments(arguments) == nil)
    }
}
