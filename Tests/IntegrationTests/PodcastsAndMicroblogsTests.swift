import Foundation
import Testing
import TestSupport

/// What a podcast, a video channel and a microblog bring to `list` and `show`, through the real
/// binaries: an episode's playing time, the images of a text among its links, the line breaks
/// of a plain-text video description, and an untitled post named by its first words.
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
}
