import Foundation
import Testing
import TestSupport

/// What a podcast, a video channel and a microblog bring to `list` and `show`, through the real
/// binaries: an episode's playing time, the images of a text among its links, the line breaks
/// of a plain-text video description, an untitled post named by its first words, and plain text
/// (JSON Feed `content_text`, an Atom `type="text"` summary) shown with its lines and its `<`.
@Suite(.timeLimit(.minutes(3)))
struct PodcastsAndMicroblogsTests {
    static let podcast = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>Terminal Radio</title><link>https://radio.example/</link>
        <item><title>Episode 1</title><guid>urn:radio:1</guid><link>https://radio.example/1</link>
        <pubDate>Sat, 01 Mar 2025 10:00:00 GMT</pubDate><itunes:duration>1:02:03</itunes:duration>
        <description>&lt;p&gt;Notes &lt;img src="https://img.example/cover.jpg" alt="Cover"&gt; and
        &lt;a href="https://radio.example/more"&gt;more&lt;/a&gt;&lt;/p&gt;</description>
        <enclosure url="https://cdn.radio.example/1.mp3" length="12345678" type="audio/mpeg"/></item>
        </channel></rss>
        """

    static let videos = """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
        <title>Example Engineering</title><id>urn:videos</id><updated>2025-03-01T10:00:00Z</updated>
        <entry><id>urn:videos:1</id><title>How a terminal works</title><link href="https://video.example/1"/>
        <updated>2025-03-01T09:00:00Z</updated>
        <media:group><media:title>How a terminal works</media:title>
        <media:description>From keypress to pixel &amp; back.
        Chapters:
        00:00 Intro</media:description></media:group></entry>
        </feed>
        """

    static let microblog = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "Micro",
         "items": [{"id": "1", "url": "https://micro.example/1", "date_published": "2025-03-01T08:00:00Z",
                    "content_text": "Just shipped the new release of the tiling window manager, with better multi-monitor support and fewer bugs.",
                    "attachments": [{"url": "https://micro.example/1.m4a", "mime_type": "audio/x-m4a", "duration_in_seconds": 61}]}]}
        """

    static func json(_ result: ProcessResult, schema: String) throws -> [String: Any] {
        #expect(result.status == 0, "\(result)")
        let problems = try JSONSchemaValidator(schema: schema).problems(in: result.stdout)
        #expect(problems.isEmpty, "against \(schema): \(problems)\n\(result.out)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    @Test func durationsImagesLineBreaksAndUntitledPosts() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/podcast.xml", .ok(Self.podcast))
        server.route("/videos.xml", .ok(Self.videos, contentType: "application/atom+xml"))
        server.route("/micro.json", .ok(Self.microblog, contentType: "application/feed+json"))
        let daemon = try await DaemonHarness()
        for path in ["/podcast.xml", "/videos.xml", "/micro.json"] {
            let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
            #expect(subscribed.status == 0, "\(subscribed)")
        }

        let listed = try Self.json(try await daemon.tidings(["list", "--json"]), schema: "list.json")
        let items = listed["items"] as? [[String: Any]] ?? []
        func number(_ feed: String) throws -> Int {
            try #require(items.first { $0["feed"] as? String == feed }?["number"] as? Int, "\(items)")
        }
        let post = try #require(items.first { $0["feed"] as? String == "Micro" })
        #expect(post["title"] as? String == "")
        #expect(post["excerpt"] as? String == "Just shipped the new release of the tiling window manager, with better…")
        #expect(items.filter { $0["feed"] as? String != "Micro" }.allSatisfy { $0["excerpt"] is NSNull }, "\(items)")

        // The episode: its playing time beside the enclosure, its image among the links.
        let episode = try await daemon.tidings(["show", "\(try number("Terminal Radio"))", "--no-mark"], environment: ["COLUMNS": "80"])
        #expect(episode.status == 0, "\(episode)")
        #expect(episode.out.contains("Enclosure: https://cdn.radio.example/1.mp3 (audio/mpeg, 12.3 MB, 1:02:03)\n"), "\(episode.out)")
        #expect(episode.out.contains("Notes [image: Cover][1] and more[2]"), "\(episode.out)")
        #expect(episode.out.hasSuffix("Links:\n[1] https://img.example/cover.jpg\n[2] https://radio.example/more\n"), "\(episode.out)")
        let episodeJSON = try Self.json(
            try await daemon.tidings(["show", "\(try number("Terminal Radio"))", "--no-mark", "--json"]), schema: "show.json")
        let enclosures = episodeJSON["enclosures"] as? [[String: Any]]
        #expect(enclosures?.first?["duration"] as? Int == 3723, "\(episodeJSON)")

        // The video's description keeps its lines.
        let video = try await daemon.tidings(["show", "\(try number("Example Engineering"))", "--no-mark"])
        #expect(video.out.contains("\n\nFrom keypress to pixel & back.\nChapters:\n00:00 Intro\n"), "\(video.out)")

        // The post is headed by its first words; its attachment has a playing time too.
        let shownPost = try await daemon.tidings(["show", "\(try number("Micro"))", "--no-mark"], environment: ["COLUMNS": "100"])
        #expect(shownPost.out.contains("Title:     Just shipped the new release of the tiling window manager, with better…\n"), "\(shownPost.out)")
        #expect(shownPost.out.contains("(audio/x-m4a, 1:01)"), "\(shownPost.out)")
        let postJSON = try Self.json(try await daemon.tidings(["show", "\(try number("Micro"))", "--no-mark", "--json"]), schema: "show.json")
        #expect(postJSON["title"] as? String == "" && (postJSON["excerpt"] as? String)?.hasPrefix("Just shipped") == true)
        #expect(await daemon.stop() == 0)
    }

    static let notes = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "Notes",
         "items": [{"id": "1", "url": "https://notes.example/1", "date_published": "2025-03-01T08:00:00Z",
                    "summary": "Not shown: the content wins",
                    "content_text": "if a < b && c > d then\\nswap them"}]}
        """

    static let log = """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
        <title>Build log</title><id>urn:log</id><updated>2025-03-01T10:00:00Z</updated>
        <entry><id>urn:log:1</id><title>Nightly</title><link href="https://log.example/1"/>
        <updated>2025-03-01T09:00:00Z</updated>
        <summary type="text">warning: x &lt;y&gt; z
        second line</summary></entry>
        </feed>
        """

    @Test func plainTextKeepsItsLineBreaksAndItsAngleBrackets() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/notes.json", .ok(Self.notes, contentType: "application/feed+json"))
        server.route("/log.xml", .ok(Self.log, contentType: "application/atom+xml"))
        let daemon = try await DaemonHarness()
        for path in ["/notes.json", "/log.xml"] {
            let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
            #expect(subscribed.status == 0, "\(subscribed)")
        }
        let listed = try Self.json(try await daemon.tidings(["list", "--json"]), schema: "list.json")
        let items = listed["items"] as? [[String: Any]] ?? []
        func item(_ feed: String) throws -> [String: Any] {
            try #require(items.first { $0["feed"] as? String == feed }, "\(items)")
        }
        // The untitled post's excerpt reads the text, not its markup.
        #expect(try item("Notes")["excerpt"] as? String == "if a < b && c > d then swap them")

        let note = try await daemon.tidings(["show", "\(try #require(try item("Notes")["number"] as? Int))", "--no-mark"])
        #expect(note.status == 0, "\(note)")
        #expect(note.out.contains("\n\nif a < b && c > d then\nswap them\n"), "\(note.out)")
        let entry = try await daemon.tidings(["show", "\(try #require(try item("Build log")["number"] as? Int))", "--no-mark"])
        #expect(entry.status == 0, "\(entry)")
        #expect(entry.out.contains("\n\nwarning: x <y> z\nsecond line\n"), "\(entry.out)")
        let entryJSON = try Self.json(
            try await daemon.tidings(["show", "\(try #require(try item("Build log")["number"] as? Int))", "--no-mark", "--json"]),
            schema: "show.json")
        #expect(entryJSON["text"] as? String == "warning: x <y> z\nsecond line", "\(entryJSON)")

        // Search finds the words and quotes them as text.
        let found = try Self.json(try await daemon.tidings(["search", "swap", "--json"]), schema: "search.json")
        let hits = found["hits"] as? [[String: Any]] ?? []
        #expect(hits.count == 1 && (hits.first?["snippet"] as? String)?.contains("a < b && c > d") == true, "\(hits)")
        #expect(await daemon.stop() == 0)
    }
}
