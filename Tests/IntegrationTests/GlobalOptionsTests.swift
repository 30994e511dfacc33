import Foundation
import Testing

/// The global options (`--socket`, `--color`, `--no-autostart`) before the command as after it,
/// as git reads them, and the usage helps that need the daemon's answer: `-n1`, and `list -f TAG`
/// suggesting `--tag`. The daemon of `TaggedFeeds`.
@Suite(.timeLimit(.minutes(2)))
struct GlobalOptionsTests {
    /// Runs `tidings ARGS` with no socket in the environment: only `--socket` finds the daemon.
    func tidings(_ arguments: [String], home daemon: DaemonHarness) async throws -> ProcessResult {
        var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path)
        environment["TIDINGS_SOCKET"] = daemon.directory.path + "/nothing-here.sock"
        return try await ProcessResult.run(Binaries.client, arguments, environment: environment)
    }

    @Test func theSocketMayComeBeforeTheCommand() async throws {
        try await TaggedFeeds.with { daemon in
            let before = try await tidings(["--socket", daemon.socketPath, "status"], home: daemon)
            #expect(before.status == 0 && before.out.contains("daemonVersion"), "\(before)")
            let equals = try await tidings(["--socket=\(daemon.socketPath)", "feeds"], home: daemon)
            #expect(equals.status == 0 && equals.out.contains("Planet Terminal"), "\(equals)")
            let after = try await tidings(["list", "-a", "--socket", daemon.socketPath], home: daemon)
            #expect(after.status == 0 && after.out.contains("Tiling window managers, revisited"), "\(after)")
            let mixed = try await tidings(
                ["--no-autostart", "--color", "never", "list", "-a", "--socket", daemon.socketPath], home: daemon)
            #expect(mixed.status == 0 && mixed.out.contains("io_uring"), "\(mixed)")
            // Without it, the socket of the environment (nothing there).
            let without = try await tidings(["status"], home: daemon)
            #expect(without.status == 3, "\(without)")
        }
    }

    @Test func theColorMayComeBeforeTheCommand() async throws {
        try await TaggedFeeds.with { daemon in
            let number = try #require(try await daemon.tidings(["list", "-a"]).out.split(separator: "\t").first.map(String.init))
            // `show` styles its labels, piped too when asked to.
            for arguments in [["--color", "always", "show"], ["--color=always", "show"], ["show", "--color", "always"]] {
                let result = try await daemon.tidings(arguments + [number, "--no-mark"])
                #expect(result.status == 0 && result.out.contains("\u{1B}["), "\(arguments): \(result)")
            }
            let never = try await daemon.tidings(["--color", "never", "show", number, "--no-mark"])
            #expect(never.status == 0 && !never.out.isEmpty && !never.out.contains("\u{1B}["), "\(never)")
        }
    }

    @Test func globalOptionsGoBeforeTheSeparator() async throws {
        try await TaggedFeeds.with { daemon in
            // `tag FEED -- -news`: the moved --socket must stay an option, and -news a change.
            let untagged = try await tidings(["--socket", daemon.socketPath, "tag", "Planet", "--", "-news"], home: daemon)
            #expect(untagged.status == 0, "\(untagged)")
            let feeds = try await daemon.tidings(["feeds", "--json"])
            #expect(feeds.out.contains(#""terminal""#) && !feeds.out.contains(#""news""#), "\(feeds)")
        }
    }

    @Test func globalOptionsWithoutACommandShowTheHelp() async throws {
        let help = try await ProcessResult.run(
            Binaries.client, ["--socket", "/tmp/none.sock", "--color", "never"],
            environment: DaemonHarness.baseEnvironment(home: FileManager.default.temporaryDirectory.path))
        #expect(help.status == 0 && help.out.contains("USAGE: tidings [--socket <path>]") && help.err.isEmpty, "\(help)")
    }

    @Test func aValueAttachedToAShortOption() async throws {
        try await TaggedFeeds.with { daemon in
            let one = try await daemon.tidings(["list", "-a", "-n1"])
            #expect(one.status == 0 && one.out.split(separator: "\n").count == 1, "\(one)")
            let combined = try await daemon.tidings(["list", "-an2"])
            #expect(combined.status == 0 && combined.out.split(separator: "\n").count == 2, "\(combined)")
            let feed = try await daemon.tidings(["list", "-a", "-fKernel"])
            #expect(feed.status == 0 && feed.out.contains("io_uring") && !feed.out.contains("Tiling"), "\(feed)")
        }
    }

    @Test func aFeedSelectorThatIsATagSuggestsTag() async throws {
        try await TaggedFeeds.with { daemon in
            let list = try await daemon.tidings(["list", "-f", "news"])
            #expect(list.status == 1, "\(list)")
            #expect(list.err == "tidings: cannot list items: no feed matches 'news'; did you mean --tag news?\n", "\(list)")
            let search = try await daemon.tidings(["search", "--feed", "NEWS", "tiling"])
            #expect(search.status == 1, "\(search)")
            #expect(search.err == "tidings: cannot search: no feed matches 'NEWS'; did you mean --tag news?\n", "\(search)")
            // A selector that is no tag either: the daemon's error alone.
            let neither = try await daemon.tidings(["list", "-f", "sports"])
            #expect(neither.status == 1 && neither.err == "tidings: cannot list items: no feed matches 'sports'\n", "\(neither)")
        }
    }
}
