import Foundation
import Testing
import FeedEntities
import FeedParsing

/// iTunes, Media RSS and multiple authors, in RSS and Atom.
@Suite("Namespace extensions")
struct NamespaceExtensionsTests {
    // MARK: - A podcast with iTunes and Media RSS

    @Test func podcastChannelFallsBackOnITunes() throws {
        let feed = try FixtureLoader.parse("rss20-itunes-media.xml", baseURL: "https://clh.example/feed.xml")
        #expect(feed.title == "Command Line Heroes")
        #expect(feed.subtitle == "Stories about the people who transform technology")
        #expect(feed.author == "Example Media")
        #expect(feed.image == "https://clh.example/artwork/clh-3000.jpg")  // not the media:thumbnail
        #expect(feed.items.count == 3)
        #expect(feed.wellFormed)
    }

    @Test func mediaContentBesideTheEnclosureIsNotRepeatedAndImagesAreNoEnclosures() throws {
        let feed = try FixtureLoader.parse("rss20-itunes-media.xml", baseURL: "https://clh.example/feed.xml")
        let episode = feed.items[0]
        #expect(episode.title == "The Infrastructure Effect: COBOL and Go")
        #expect(episode.author == "Saron Yitbarek")  // itunes:author
        #expect(episode.summary == "COBOL and Go are decades apart, yet they run the world's infrastructure.")
        // The duration of the media:content beside the enclosure (and the episode's itunes:duration).
        #expect(episode.enclosures == [
            Enclosure(url: "https://cdn.clh.example/s3e5.mp3", type: "audio/mpeg", length: 30_969_513, duration: 1934)
        ])
    }

    @Test func mediaGroupAlternativesAreAllEnclosures() throws {
        let feed = try FixtureLoader.parse("rss20-itunes-media.xml", baseURL: "https://clh.example/feed.xml")
        let bonus = feed.items[1]
        #expect(bonus.author == "Saron Yitbarek, Guest Host")  // two dc:creator
        #expect(bonus.summary == "Recorded in front of an audience")  // itunes:subtitle, for want of anything else
        #expect(
            bonus.enclosures == [
                Enclosure(url: "https://cdn.clh.example/bonus1.mp3", type: "audio/mpeg", length: 1_200_000),
                Enclosure(url: "https://clh.example/bonus1.ogg", type: "audio/ogg", length: nil),
            ])
    }

    @Test func mediaTitleAndDescriptionStandInForMissingOnes() throws {
        let feed = try FixtureLoader.parse("rss20-itunes-media.xml", baseURL: "https://clh.example/feed.xml")
        let trailer = feed.items[2]
        #expect(trailer.title == "Season 4 trailer")
        #expect(trailer.summary == "<p>Coming soon: season 4.</p>")
        #expect(trailer.author == "Example Media")
        #expect(trailer.enclosures == [Enclosure(url: "https://cdn.clh.example/trailer.m4a", type: "audio/x-m4a")])
    }

    // MARK: - YouTube (Atom with Media RSS)

    @Test func youTubeEntriesTakeTheirDescriptionFromTheMediaGroup() throws {
        let feed = try FixtureLoader.parse("atom10-youtube.xml")
        #expect(feed.format == .atom10)
        #expect(feed.title == "Example Engineering")
        #expect(feed.link == "https://www.youtube.com/channel/UCexamplechannel000000")
        let video = try #require(feed.items.first)
        #expect(video.title == "How a terminal works")
        #expect(video.link == "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
        #expect(video.author == "Example Engineering")
        #expect(video.summary == "From keypress to pixel: ttys, ptys & escape sequences.\nChapters:\n00:00 Intro")
        #expect(video.published == utc(2025, 10, 30, 16, 0, 6))
        #expect(
            video.enclosures == [
                Enclosure(url: "https://www.youtube.com/v/dQw4w9WgXcQ?version=3", type: "application/x-shockwave-flash")
            ])
    }

    @Test func entrysOwnTitleAndSummaryWinOverMediaOnes() throws {
        let feed = try FixtureLoader.parse("atom10-youtube.xml")
        let short = feed.items[1]
        #expect(short.title == "Shorts: one tip")
        #expect(short.summary == "The entry's own summary wins.")
        #expect(short.author == "Example Engineering")  // the feed's author
        // An untyped Atom summary is plain text too (`AtomTextConstructTests`).
        #expect(short.summaryIsText == true)
    }

    @Test func aPlainTextMediaDescriptionKeepsItsLineBreaksAsHTML() throws {
        // The contract keeps the text as written; the store keeps HTML, with the breaks as <br>.
        let video = try #require(try FixtureLoader.parse("atom10-youtube.xml").items.first)
        #expect(video.summaryIsText == true)
        #expect(video.summaryHTML == "From keypress to pixel: ttys, ptys &amp; escape sequences.<br>\nChapters:<br>\n00:00 Intro")
        // What `show` renders of it keeps the lines.
        let shown = HTMLTextRenderer(width: 80).render(try #require(video.summaryHTML), baseURL: nil).text
        #expect(shown == "From keypress to pixel: ttys, ptys & escape sequences.\nChapters:\n00:00 Intro")
        let rss = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
            <item><media:description type="plain">a &lt;b&gt; c
            second line</media:description></item>
            <item><description>Own</description><media:description>Media</media:description></item>
            <item><media:description type="html">&lt;p&gt;HTML&lt;/p&gt;</media:description></item>
            </channel></rss>
            """)
        #expect(rss.items.map(\.summaryIsText) == [true, nil, nil])
        #expect(rss.items[0].summaryHTML == "a &lt;b&gt; c<br>\nsecond line")
        #expect(rss.items[1].summaryHTML == "Own")
        #expect(rss.items[2].summaryHTML == "<p>HTML</p>")
    }

    // MARK: - Media RSS details (cases from gofeed's corpus among them)

    @Test func channelMediaImageIsTheFeedImageWhenNothingElseIs() throws {
        // gofeed extensions/media/feed_image_-_rss_channel_media.xml: no namespace declared.
        let undeclared = try FixtureLoader.parse(xml: """
            <rss version="0.91"><channel>
            <media:content url="http://example.com/channel.png" medium="image"></media:content>
            </channel></rss>
            """)
        #expect(undeclared.image == "http://example.com/channel.png")
        // gofeed translator/rss/feed_image_-_rss_channel_media_content.xml
        let typed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
            <media:content url="http://example.org/media.png" type="image/png"/></channel></rss>
            """)
        #expect(typed.image == "http://example.org/media.png")
        let thumbnail = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss"><channel>
            <media:thumbnail url="/thumb.png"/><media:content url="/video.mp4" type="video/mp4"/></channel></rss>
            """, baseURL: "https://example.org/feed")
        #expect(thumbnail.image == "https://example.org/thumb.png")
        let logo = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
            <media:thumbnail url="http://example.org/thumb.png"/>
            <image><url>http://example.org/logo.png</url></image></channel></rss>
            """)
        #expect(logo.image == "http://example.org/logo.png")
    }

    @Test func itemMediaImageIsNoEnclosure() throws {
        // gofeed extensions/media/feed_item_image_-_rss_channel_item_media.xml
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0"><channel><item>
              <title>rss item image from media content</title>
              <media:content url="https://example.com/blog-open.png" medium="image">
                <media:title type="html">blog-open</media:title>
              </media:content>
            </item></channel></rss>
            """)
        let item = try #require(feed.items.first)
        #expect(item.title == "rss item image from media content")  // not the content's media:title
        #expect(item.enclosures.isEmpty)
    }

    @Test func mediaContentAttributesBecomeTheEnclosure() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xml:base="https://video.example/">
            <channel><item>
              <media:content url="clips/a.mp4" type="video/mp4" fileSize="5242880" medium="video"/>
              <media:content url="clips/b.webm" fileSize="-1"/>
              <media:content type="video/mp4"/>
              <media:content url="clips/a.mp4" type="video/mp4" fileSize="1"/>
              <enclosure url="https://video.example/clips/a.mp4" length="2" type="video/mp4"/>
            </item></channel></rss>
            """)
        #expect(
            feed.items.first?.enclosures == [
                Enclosure(url: "https://video.example/clips/a.mp4", type: "video/mp4", length: 5_242_880),
                Enclosure(url: "https://video.example/clips/b.webm", type: nil, length: nil),
            ])
    }

    @Test func mediaInRSS10ItemsIsReadToo() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:media="http://search.yahoo.com/mrss/">
            <channel rdf:about="https://example.org/"><title>RDF</title></channel>
            <item rdf:about="https://example.org/1"><media:title>Only a media title</media:title>
              <media:content url="https://example.org/1.mp3" type="audio/mpeg"/></item>
            </rdf:RDF>
            """)
        #expect(feed.items.first?.title == "Only a media title")
        #expect(feed.items.first?.enclosures.map(\.url) == ["https://example.org/1.mp3"])
    }

    // MARK: - iTunes details

    @Test func itunesSummaryInCDATAKeepsItsLines() throws {
        // gofeed extensions/itunes/itunes_item_summary_cdata_multi.xml
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0"><channel><item>
              <itunes:summary>
                  <![CDATA[
                    Line 1
                    Line 2
                    Line 3
                  ]]>
                </itunes:summary>
            </item></channel></rss>
            """)
        // (This literal is indented 8 spaces less than gofeed's file.)
        #expect(feed.items.first?.summary == "Line 1\n        Line 2\n        Line 3")
    }

    @Test func itunesDurationIsThePlayingTimeOfTheEpisodesEnclosures() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
            <channel>
            <item><itunes:duration>1:02:03</itunes:duration><enclosure url="https://e.example/1.mp3" type="audio/mpeg"/></item>
            <item><enclosure url="https://e.example/2.mp3"/><itunes:duration> 45:30 </itunes:duration>
              <media:content url="https://e.example/2.ogg" duration="2731"/></item>
            <item><itunes:duration>soon</itunes:duration><enclosure url="https://e.example/3.mp3"/></item>
            <item><itunes:duration>3600</itunes:duration></item>
            </channel></rss>
            """)
        #expect(feed.items.map { $0.enclosures.map(\.duration) } == [[3723], [2730, 2731], [nil], []])
    }

    @Test func itunesImageAndAuthorAreFallbacksOnly() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/DTDs/PodCast-1.0.dtd"><channel>
            <itunes:author>iTunes Author</itunes:author><managingEditor>editor@example.org (Editor)</managingEditor>
            <itunes:image href="https://example.org/itunes.jpg"/>
            <itunes:summary>Summary</itunes:summary><itunes:subtitle>Subtitle</itunes:subtitle>
            <item><itunes:author>Host</itunes:author><author>host@example.org (Host Name)</author>
            <itunes:summary>Item summary</itunes:summary><description>Item description</description></item>
            </channel></rss>
            """)
        #expect(feed.author == "editor@example.org (Editor)")
        #expect(feed.image == "https://example.org/itunes.jpg")
        #expect(feed.subtitle == "Subtitle")
        #expect(feed.items.first?.author == "host@example.org (Host Name)")
        #expect(feed.items.first?.summary == "Item description")
    }

    // MARK: - Several authors

    @Test func severalAtomAuthorsAreJoined() throws {
        let feed = try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
            <author><name>Feed One</name></author><author><email>two@example.org</email></author>
            <entry><id>1</id><author><name>Ann</name><email>ann@example.org</email></author>
              <author><name>Bob</name></author><author><uri>https://nameless.example/</uri></author></entry>
            <entry><id>2</id></entry>
            </feed>
            """)
        #expect(feed.author == "Feed One, two@example.org")
        #expect(feed.items.map(\.author) == ["Ann (ann@example.org), Bob", "Feed One, two@example.org"])
    }

    @Test func severalDublinCoreCreatorsAreJoined() throws {
        // gofeed extensions/dublincore/dublincore_item_multiple_values.xml
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Feed Title</title>
            <item><title>Item Title</title><dc:creator>Alice</dc:creator><dc:creator>Bob</dc:creator>
            <dc:subject>One</dc:subject><dc:subject>Two</dc:subject></item></channel></rss>
            """)
        #expect(feed.items.first?.author == "Alice, Bob")
        #expect(feed.items.first?.categories == ["One", "Two"])
    }

    @Test func severalChannelCreatorsAreJoined() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
            <dc:creator>Alice</dc:creator><dc:creator> </dc:creator><dc:creator>Bob</dc:creator></channel></rss>
            """)
        #expect(feed.author == "Alice, Bob")
    }
}
