import Foundation
import Testing
import TestSupport

/// What a newsboat user reaches for in the first hour, through the real binaries: `show` with
/// no number and `show --next`, `--since today|yesterday`, `subscribe` without a scheme,
/// `list --unread` and `feeds -t`.
@Suite(.timeLimit(.minutes(3)))
struct FirstHourTests {
    /// An RSS document whose items are dated `published`, newest first, titled by the key.
    static func rss(_ items: [(title: String, published: Date)]) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let entries = items.enumerated().map { index, item in
            "<item><title>\(item.title)</title><link>https://example.org/\(index)</link><guid>\(index)</guid>"
                + "<description>Text of \(item.title).</description><pubDate>\(formatter.string(from: item.published))</pubDate></item>"
        }
        return #"<?xml version="1.0"?><rss version="2.0"><channel><title>Habits</title><link>https://example.org/</link>"#
            + entries.joined() + "</channel></rss>"
    }

    /// A daemon subscribed to one local feed with these items.
    static func daemon(with items: [(title: String, published: Date)]) async throws -> (DaemonHarness, TestHTTPServer) {
        let server = try await TestHTTPServer.start()
        server.route("/feed.xml", .ok(Self.rss(items)))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml"), "--tag", "habits"])
        #expect(subscribed.status == 0, "\(subscribed)")
        return (daemon, server)
    }

    /// The title in `show`'s piped output.
    static func shownTitle(_ result: ProcessResult) -> String? {
        ["First", "Second", "Third"].first { result.out.contains("Text of \($0).") }
    }

    @Test func showWithoutANumberAndShowNext() async throws {
        let now = Date()
        let (daemon, server) = try await Self.daemon(with: [
            ("First", now.addingTimeInterval(-60)), ("Second", now.addingTimeInterval(-120)),
            ("Third", now.addingTimeInterval(-180)),
        ])
        defer { Task { try? await server.stop() } }

        let newest = try await daemon.tidings(["show"])
        #expect(newest.status == 0 && Self.shownTitle(newest) == "First", "\(newest)")
        let second = try await daemon.tidings(["show", "--next"])
        #expect(second.status == 0 && Self.shownTitle(second) == "Second", "\(second)")
        // Left unread, still the place to go on from.
        let third = try await daemon.tidings(["show", "--next", "--no-mark"])
        #expect(third.status == 0 && Self.shownTitle(third) == "Third", "\(third)")
        let end = try await daemon.tidings(["show", "--next"])
        #expect(end.status == 1 && end.out.isEmpty, "\(end)")
        #expect(end.err.hasPrefix("tidings: no unread items after item "), "\(end)")
        // The third is unread: plain `show` finds it; once read, nothing is left.
        let last = try await daemon.tidings(["show"])
        #expect(last.status == 0 && Self.shownTitle(last) == "Third", "\(last)")
        let none = try await daemon.tidings(["show"])
        #expect(none.status == 1 && none.err == "tidings: no unread items\n", "\(none)")

        // `show N` sets the place too: the next unread item after the first is the second.
        let listing = try await daemon.tidings(["list", "--all"])
        let numbers = listing.out.split(separator: "\n").compactMap { $0.split(separator: "\t").first.flatMap { Int($0) } }
        #expect(numbers.count == 3, "\(listing)")
        _ = try await daemon.tidings(["unread", String(numbers[1])])
        _ = try await daemon.tidings(["show", String(numbers[0])])
        let afterFirst = try await daemon.tidings(["show", "--next", "--json"])
        #expect(afterFirst.status == 0, "\(afterFirst)")
        let problems = try JSONSchemaValidator(schema: "show.json").problems(in: afterFirst.stdout)
        #expect(problems.isEmpty, "\(problems)")
        #expect(afterFirst.out.contains(#""title":"Second""#), "\(afterFirst)")

        // The place outlives the daemon: after a restart, --next goes on after the second.
        _ = try await daemon.tidings(["unread", String(numbers[2])])
        daemon.signal(SIGTERM)
        try await daemon.restart()
        let afterRestart = try await daemon.tidings(["show", "--next", "--no-mark"])
        #expect(afterRestart.status == 0 && Self.shownTitle(afterRestart) == "Third", "\(afterRestart)")

        let both = try await daemon.tidings(["show", "3", "--next"])
        #expect(both.status == 2, "\(both)")
        #expect(await daemon.stop() == 0)
    }

    @Test func sinceTodayAndYesterdayMeanLocalMidnight() async throws {
        // The harness runs in UTC: local midnight is UTC midnight.
        let seconds = Date().timeIntervalSince1970
        let midnight = Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
        let (daemon, server) = try await Self.daemon(with: [
            ("First", midnight.addingTimeInterval(1)), ("Second", midnight.addingTimeInterval(-1)),
            ("Third", midnight.addingTimeInterval(-86_401)),
        ])
        defer { Task { try? await server.stop() } }
        func titles(_ since: String) async throws -> [String] {
            let result = try await daemon.tidings(["list", "--all", "--since", since])
            #expect(result.status == 0, "\(result)")
            return result.out.split(separator: "\n").map { String($0.split(separator: "\t")[3]) }
        }
        #expect(try await titles("today") == ["First"])
        #expect(try await titles("yesterday") == ["First", "Second"])
        #expect(try await titles("Yesterday") == ["First", "Second"])
        let empty = try await daemon.tidings(["list", "--since", "today", "--tag", "nothing"])
        #expect(empty.err.contains("No unread items tagged 'nothing' today."), "\(empty)")
        let wrong = try await daemon.tidings(["list", "--since", "tomorrow"])
        #expect(wrong.status == 2 && wrong.err.contains("today, yesterday"), "\(wrong)")
        #expect(await daemon.stop() == 0)
    }

    /// A local server speaks http only: https fails at the TLS handshake, and the address
    /// given without a scheme ends on http, which the confirmation names.
    @Test func subscribeWithoutASchemeTriesHTTPSThenHTTP() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.rss([("First", Date())])))
        let daemon = try await DaemonHarness()
        let address = String(server.url("/feed.xml").dropFirst("http://".count))
        let subscribed = try await daemon.tidings(["subscribe", address])
        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        #expect(subscribed.out == "Subscribed to \"Habits\" at http://\(address) (1 item)\n", "\(subscribed)")
        #expect(daemon.log().contains("https unreachable, trying http"), "\(daemon.log())")
        // Either scheme is the same feed to the user.
        let again = try await daemon.tidings(["subscribe", address])
        #expect(again.status == 1 && again.err.contains("already subscribed"), "\(again)")
        // Another scheme's URL is still refused as such.
        let mail = try await daemon.tidings(["subscribe", "mailto:me@example.org"])
        #expect(mail.status == 1 && mail.err.contains("only http and https feeds"), "\(mail)")
        // Nothing listens on the port: both attempts are named.
        let closed = try await daemon.tidings(["subscribe", "127.0.0.1:9/feed.xml"])
        #expect(closed.status == 1, "\(closed)")
        #expect(closed.err.contains("https://127.0.0.1:9/feed.xml: ") && closed.err.contains("; http://127.0.0.1:9/feed.xml: "),
                "\(closed)")
        #expect(await daemon.stop() == 0)
    }

    @Test func listUnreadAndFeedsShortTagAreAccepted() async throws {
        let (daemon, server) = try await Self.daemon(with: [("First", Date()), ("Second", Date().addingTimeInterval(-60))])
        defer { Task { try? await server.stop() } }
        let plain = try await daemon.tidings(["list"])
        let unread = try await daemon.tidings(["list", "--unread"])
        #expect(unread.status == 0 && unread.out == plain.out && !plain.out.isEmpty, "\(unread)")
        #expect(try await daemon.tidings(["list", "-u"]).out == plain.out)
        for conflicting in [["list", "--unread", "--all"], ["list", "-u", "--starred"]] {
            let result = try await daemon.tidings(conflicting)
            #expect(result.status == 2 && result.err.contains("cannot be combined"), "\(conflicting): \(result)")
        }
        let tagged = try await daemon.tidings(["feeds", "-t", "habits"])
        #expect(tagged.status == 0 && tagged.out.contains("Habits"), "\(tagged)")
        let other = try await daemon.tidings(["feeds", "-t", "other"])
        #expect(other.status == 0 && !other.out.contains("Habits"), "\(other)")
        #expect(await daemon.stop() == 0)
    }
}
