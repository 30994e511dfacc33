import Foundation
import Synchronization
import Testing
import TestSupport

/// The whole article through the real daemon and client: a feed with `full_text=always` has its
/// new items' pages (served on 127.0.0.1) fetched during the refresh and their articles kept and
/// searched, politely (the per-host limit, conditional GETs); pages that hang, are huge, or are
/// not HTML leave the feed's text and a reason; `show --full` fetches one page on demand.
@Suite(.timeLimit(.minutes(3)))
struct FullTextTests {
    /// Real pages of FeedParsingTests' extraction fixtures, with the text their article has.
    static let pageNames = ["ars-1", "ebb-org", "v8-blog"]
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FeedParsingTests/Fixtures/extraction")

    static func page(_ name: String) throws -> (source: [UInt8], expected: String) {
        let folder = fixtures.appendingPathComponent(name)
        return (
            Array(try Data(contentsOf: folder.appendingPathComponent("source.html"))),
            try String(contentsOf: folder.appendingPathComponent("expected.html"), encoding: .utf8))
    }

    /// An RSS feed whose items are teasers linking to `links`.
    static func feed(_ links: [String], teaser: String = "A teaser only.") -> String {
        let items = links.enumerated().map { index, link in
            "<item><guid>item-\(index)</guid><title>Story \(index)</title><link>\(link)</link>"
                + "<description>\(teaser)</description></item>"
        }
        return #"<rss version="2.0"><channel><title>Teasers</title>"# + items.joined() + "</channel></rss>"
    }

    /// The words of `text` (HTML tags and `[n]` link references left out), lowercased.
    static func words(_ text: String) -> [String] {
        let untagged = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\\[[0-9]+\\]", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&[a-z]+;|&#[0-9]+;", with: " ", options: .regularExpression)
        return untagged.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The share of `expected`'s words (counted with repeats) that `shown` has.
    static func recall(of expected: String, in shown: String) -> Double {
        var available = [String: Int]()
        for word in words(shown) { available[word, default: 0] += 1 }
        let wanted = words(expected)
        var found = 0
        for word in wanted where available[word, default: 0] > 0 {
            available[word]! -= 1
            found += 1
        }
        return wanted.isEmpty ? 0 : Double(found) / Double(wanted.count)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `tidings show N --json --no-mark` (and `extra`), as an object.
    static func show(_ number: Int, _ daemon: DaemonHarness, _ extra: [String] = []) async throws -> [String: Any] {
        let shown = try await daemon.tidings(["show", "\(number)", "--json", "--no-mark"] + extra)
        #expect(shown.status == 0, "\(shown)\n\(daemon.log().suffix(3000))")
        let problems = try JSONSchemaValidator(schema: "show.json").problems(in: Data(shown.out.utf8))
        #expect(problems.isEmpty, "\(problems)")
        return try json(shown.out)
    }

    /// The number of each item, by its link (`tidings list --all --json`).
    static func numbers(_ daemon: DaemonHarness) async throws -> [String: Int] {
        let listed = try await daemon.tidings(["list", "--all", "--json"])
        #expect(listed.status == 0, "\(listed)")
        let items = try #require(try json(listed.out)["items"] as? [[String: Any]])
        var numbers = [String: Int]()
        for item in items {
            if let link = item["link"] as? String, let number = item["number"] as? Int { numbers[link] = number }
        }
        return numbers
    }

    @Test func aRefreshKeepsEachNewItemsArticleWithinThePerHostLimitAndAsksAgainConditionally() async throws {
        #expect(!Self.pageNames.isEmpty)
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        var expected: [String] = []
        for (index, name) in Self.pageNames.enumerated() {
            let page = try Self.page(name)
            expected.append(page.expected)
            let etag = "\"page-\(index)\""
            server.route("/story/\(index)") { request in
                if request.header("If-None-Match") == etag { return .status(304, headers: [("ETag", etag)]) }
                var response = TestHTTPResponse(
                    status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("ETag", etag)], body: page.source)
                // Slow enough that pages fetched at once would overlap at the server.
                response.delay = .milliseconds(150)
                return response
            }
        }
        let links = Self.pageNames.indices.map { server.url("/story/\($0)") }
        let feedText = Mutex(Self.feed(links))
        server.route("/feed.xml") { _ in .ok(feedText.withLock { $0 }) }

        let daemon = try await DaemonHarness(config: "per_host_concurrency: 1")
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml"), "--set", "full_text=always"])
        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        #expect(server.requests.filter { $0.path.hasPrefix("/story/") }.isEmpty, "subscribing fetches the feed only")

        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)\n\(daemon.log())")
        for index in Self.pageNames.indices {
            #expect(server.requests(for: "/story/\(index)").count == 1, "page \(index) fetched once")
        }
        #expect(server.mostConcurrentRequests == 1, "per_host_concurrency: 1 holds for pages too")

        let numbers = try await Self.numbers(daemon)
        for (index, name) in Self.pageNames.enumerated() {
            let number = try #require(numbers[links[index]])
            let shown = try await Self.show(number, daemon)
            #expect(shown["shown"] as? String == "article", "\(name): \(shown)")
            let article = try #require(shown["article"] as? [String: Any], "\(name)")
            #expect(article["status"] as? String == "extracted")
            #expect(article["url"] as? String == links[index])
            let text = try #require(shown["text"] as? String)
            let recall = Self.recall(of: expected[index], in: text)
            #expect(recall >= 0.9, "\(name): \(Int(recall * 100))% of the expected words shown\n\(text.prefix(1500))")
            let feedOnly = try await Self.show(number, daemon, ["--feed-text"])
            #expect(feedOnly["shown"] as? String == "feed")
            #expect((feedOnly["text"] as? String)?.contains("A teaser only.") == true)
        }

        // The article's words are searched: a word of ebb-org's page, not of any feed text.
        let search = try await daemon.tidings(["search", "Conservancy", "--json"])
        #expect(search.status == 0, "\(search)")
        #expect(search.out.contains("\"number\":\(numbers[links[1]] ?? 0)"), "\(search.out)")

        // Nothing new: no page is fetched again.
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        #expect(server.requests.filter { $0.path.hasPrefix("/story/") }.count == Self.pageNames.count)

        // The feed changes an item's text: its page is asked for again, with its validator, and
        // the 304 keeps the article.
        feedText.withLock { $0 = Self.feed(links, teaser: "A teaser, corrected.") }
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        let again = server.requests.filter { $0.path.hasPrefix("/story/") }.dropFirst(Self.pageNames.count)
        #expect(again.count == Self.pageNames.count, "each changed item's page once more")
        #expect(again.allSatisfy { $0.header("If-None-Match")?.hasPrefix("\"page-") == true })
        let kept = try await Self.show(numbers[links[0]] ?? 0, daemon)
        #expect(kept["shown"] as? String == "article")
        #expect(Self.recall(of: expected[0], in: kept["text"] as? String ?? "") >= 0.9)
    }

    @Test func pagesThatHangAreHugeOrAreNotHTMLLeaveTheFeedsTextAndAReason() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let gate = TestHTTPGate()
        defer { gate.open() }
        var hanging = TestHTTPResponse.ok("<html><body><p>never</p></body></html>", contentType: "text/html")
        hanging.gate = gate
        server.route("/hang", hanging)
        // 50 MB of text in one paragraph, sent without holding it.
        let piece = Array(String(repeating: "word ", count: 2048).utf8)
        server.route("/huge", TestHTTPResponse(
            status: 200, headers: [("Content-Type", "text/html")], body: Array("<html><body><article><p>".utf8),
            repeatedBody: (piece, 50 << 20 / piece.count)))
        server.route("/image.png", TestHTTPResponse(
            status: 200, headers: [("Content-Type", "image/png")], body: [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 0, count: 4096)))
        let links = (1...400).map { "<a href=\"/x/\($0)\">link number \($0)</a>" }.joined(separator: " ")
        server.route("/links", .ok("<html><body><div>\(links)</div></body></html>", contentType: "text/html"))
        server.route("/gone", .status(404))
        let good = try Self.page("v8-blog")
        server.route("/good", TestHTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: good.source))
        let paths = ["/hang", "/huge", "/image.png", "/links", "/gone", "/good"]
        server.route("/feed.xml", .ok(Self.feed(paths.map(server.url))))

        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings([
            "subscribe", server.url("/feed.xml"), "--set", "full_text=always", "--set", "timeout=3s",
        ])
        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)\n\(daemon.log())")

        let numbers = try await Self.numbers(daemon)
        func number(_ path: String) -> Int { numbers[server.url(path)] ?? 0 }
        func article(_ path: String) async throws -> [String: Any] {
            let shown = try await Self.show(number(path), daemon)
            return try #require(shown["article"] as? [String: Any], "\(path): \(shown)")
        }
        let hung = try await article("/hang")
        #expect(hung["status"] as? String == "failed")
        #expect((hung["error"] as? String)?.contains("timed out") == true, "\(hung)")
        let huge = try await article("/huge")
        #expect(huge["truncated"] as? Bool == true, "\(huge)")
        #expect(huge["status"] as? String == "extracted")
        let image = try await article("/image.png")
        #expect(image["status"] as? String == "noArticle")
        #expect(image["error"] as? String == "not an HTML page (image/png)")
        let linksOnly = try await article("/links")
        #expect(linksOnly["status"] as? String == "noArticle", "\(linksOnly)")
        let gone = try await article("/gone")
        #expect(gone["status"] as? String == "failed")
        #expect((gone["error"] as? String)?.contains("404") == true)
        let fine = try await Self.show(number("/good"), daemon)
        #expect(fine["shown"] as? String == "article")
        #expect(Self.recall(of: good.expected, in: fine["text"] as? String ?? "") >= 0.9)

        // Each page without an article shows the feed's text, and says why.
        let text = try await daemon.tidings(["show", "\(number("/image.png"))", "--no-mark"])
        #expect(text.out.contains("A teaser only."))
        #expect(text.out.contains("the page gave no article: not an HTML page (image/png)"), "\(text.out)")
        #expect(try await daemon.tidings(["status"]).status == 0, "the daemon still serves")
    }

    @Test func showFullFetchesOneArticleNowKeepsItAndSendsNoCredentialElsewhere() async throws {
        let feeds = try await TestHTTPServer.start()
        let pages = try await TestHTTPServer.start()
        defer { Task { try? await feeds.stop(); try? await pages.stop() } }
        let page = try Self.page("ebb-org")
        pages.route("/elsewhere", TestHTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: page.source))
        feeds.route("/own", TestHTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: page.source))
        feeds.route("/feed.xml", .ok(Self.feed([pages.url("/elsewhere"), feeds.url("/own")])))

        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings([
            "subscribe", feeds.url("/feed.xml"), "--set", "header=Authorization: Bearer s3cret-t0ken",
        ])
        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        #expect(pages.requests.isEmpty, "full_text is never by default: no page is fetched")

        let numbers = try await Self.numbers(daemon)
        let elsewhere = numbers[pages.url("/elsewhere")] ?? 0
        let before = try await Self.show(elsewhere, daemon)
        #expect(before["shown"] as? String == "feed")
        #expect(before["article"] is NSNull)
        let full = try await Self.show(elsewhere, daemon, ["--full"])
        #expect(full["shown"] as? String == "article", "\(full)")
        #expect(Self.recall(of: page.expected, in: full["text"] as? String ?? "") >= 0.9)
        #expect(pages.requests.count == 1)
        #expect(pages.requests.first?.header("Authorization") == nil, "the feed's credential stays on its origin")

        // Kept: shown by default from now on, without another fetch.
        let plain = try await daemon.tidings(["show", "\(elsewhere)", "--no-mark"])
        #expect(plain.out.contains("the page's article"), "\(plain.out)")
        #expect(pages.requests.count == 1)

        // A page on the feed's own origin gets the feed's settings whole.
        _ = try await Self.show(numbers[feeds.url("/own")] ?? 0, daemon, ["--full"])
        #expect(feeds.requests(for: "/own").first?.header("Authorization") == "Bearer s3cret-t0ken")

        // An item without a link: a clear refusal.
        let missing = try await daemon.tidings(["show", "99", "--full"])
        #expect(missing.status != 0)
        #expect(missing.err.contains("no item 99"), "\(missing)")
    }
}

extension FullTextTests {
    /// The reader's `f` in a real terminal (tmux): the page's article fetched and shown with its
    /// `Text:` line, the feed's text again, and a page without an article told on the status line.
    @Test func theReadersFSwitchesBetweenTheFeedsTextAndThePagesArticle() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let page = try Self.page("v8-blog")
        server.route("/post", TestHTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: page.source))
        server.route("/pdf", TestHTTPResponse(status: 200, headers: [("Content-Type", "application/pdf")], body: Array("%PDF-1.4".utf8)))
        server.route("/feed.xml", .ok("""
            <rss version="2.0"><channel><title>Teaser blog</title>
            <item><guid>b</guid><title>The whole post</title><link>\(server.url("/post"))</link><description>Only a teaser here.</description></item>
            <item><guid>a</guid><title>A PDF only</title><link>\(server.url("/pdf"))</link><description>The PDF's teaser.</description></item>
            </channel></rss>
            """))
        let daemon = try await DaemonHarness()
        defer { daemon.signal(SIGTERM) }
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        let tmux = try await Tmux(
            command: "'\(Binaries.client.path)' --socket '\(daemon.socketPath)'; sleep 60",
            environment: DaemonHarness.baseEnvironment(home: daemon.directory.path), directory: daemon.directory)
        defer { tmux.kill() }
        try await tmux.waitForLine(containing: "Teaser blog")
        try await tmux.send("j", "j", "Enter")
        try await tmux.waitForLine(containing: "The whole post")
        try await tmux.send("Enter")
        try await tmux.waitForLine(containing: "Only a teaser here.")
        #expect(server.requests(for: "/post").isEmpty)

        try await tmux.send("f")
        try await tmux.waitForLine(containing: "Text:", "the page's article")
        // A sentence of the post's own text, not in the feed.
        let words = Self.words(page.expected)
        let probe = words[20..<24].joined(separator: " ")
        try await tmux.waitForScreen("the article's text") { lines in
            Self.words(lines.joined(separator: " ")).joined(separator: " ").contains(probe)
        }
        #expect(server.requests(for: "/post").count == 1)
        try await tmux.send("f")
        try await tmux.waitForLine(containing: "Text:", "the feed's (the page's article is kept)")
        try await tmux.waitForLine(containing: "Only a teaser here.")
        #expect(server.requests(for: "/post").count == 1, "back and forth costs no fetch")

        // The PDF's item: no article, and the reader says why.
        try await tmux.send("q")
        try await tmux.waitForLine(containing: "A PDF only")
        try await tmux.send("j", "Enter")
        try await tmux.waitForLine(containing: "The PDF's teaser.")
        try await tmux.send("f")
        try await tmux.waitForLine(containing: "No article in the page: not an HTML page (application/pdf)")
    }
}
