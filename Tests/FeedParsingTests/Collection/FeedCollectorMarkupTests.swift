import Testing
import FeedEntities
@testable import FeedParsing

/// Inline markup in Atom text constructs and naked HTML, written back by the collector.
@Suite("Collecting markup")
struct FeedCollectorMarkupTests {
    private func entry(_ children: String, baseURL: String? = nil) throws -> ParsedItem {
        let feed = try FixtureLoader.parse(
            xml: """
                <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
                <entry>\(children)</entry></feed>
                """, baseURL: baseURL)
        return try #require(feed.items.first)
    }

    @Test func xhtmlKeepsInnerMarkupAndEscapesTextAgain() throws {
        let item = try entry(
            """
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A &lt;blink&gt; &amp; <b>bold</b> move</div></title>
            <content type="xhtml"><xhtml:div xmlns:xhtml="http://www.w3.org/1999/xhtml"><xhtml:p class="a&amp;b" title="say &quot;hi&quot; &lt;now&gt;">1 &gt; 0<xhtml:br/><!-- gone --><?pi gone?></xhtml:p><xhtml:p></xhtml:p></xhtml:div></content>
            """)
        #expect(item.title == "A &lt;blink&gt; &amp; <b>bold</b> move")
        #expect(item.content == #"<p class="a&amp;b" title="say &quot;hi&quot; &lt;now>">1 &gt; 0<br></p><p></p>"#)
    }

    @Test func svgAndMathMLAreDeclaredWhereTheyStart() throws {
        let item = try entry(
            """
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Chart:</p>\
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10">\
            <circle r="1"/><a xlink:href="#c"><text>x &amp; y</text></a></svg>\
            <m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:mi>x</m:mi></m:math></div></content>
            """)
        #expect(
            item.content
                == #"<p>Chart:</p><svg xmlns="http://www.w3.org/2000/svg" width="10"><circle r="1"/>"#
                + ##"<a xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#c"><text>x &amp; y</text></a></svg>"##
                + #"<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>"#)
    }

    @Test func otherNamespacesKeepTheirPrefixAndDeclareIt() throws {
        let item = try entry(
            """
            <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml" xmlns:ex="urn:example">\
            <ex:note ex:level="2"><ex:em>hi</ex:em></ex:note><span xml:lang="en">en</span></div></summary>
            """)
        #expect(
            item.summary
                == #"<ex:note xmlns:ex="urn:example" ex:level="2"><ex:em>hi</ex:em></ex:note><span xml:lang="en">en</span>"#
        )
    }

    @Test func htmlIsUnescapedExactlyOnceAndTextStaysText() throws {
        let item = try entry(
            """
            <title type="html">Lamp &amp;lt;b&amp;gt; &lt;b&gt;replaced&lt;/b&gt; &amp;amp;</title>
            <summary type="text">&lt;b&gt; is not bold</summary>
            <content type="html"><![CDATA[<p>&amp;amp; stays</p>]]></content>
            """)
        #expect(item.title == "Lamp &lt;b&gt; <b>replaced</b> &amp;")
        #expect(item.summary == "<b> is not bold")
        #expect(item.content == "<p>&amp;amp; stays</p>")
    }

    @Test func atom03ModesApply() throws {
        let feed = try FixtureLoader.parse(
            xml: """
                <feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry>
                <title mode="escaped" type="text/html">A &lt;i&gt;b&lt;/i&gt;</title>
                <summary mode="xml" type="application/xhtml+xml"><div xmlns="http://www.w3.org/1999/xhtml">x &amp; <i>y</i></div></summary>
                <content mode="base64" type="text/html">PHA+aGk8L3A+</content>
                </entry></feed>
                """)
        let item = try #require(feed.items.first)
        #expect(item.title == "A <i>b</i>")
        #expect(item.summary == "x &amp; <i>y</i>")
        #expect(item.content == "<p>hi</p>")
    }

    @Test func linksInMarkupResolveAgainstNestedXMLBaseKeepingIRIs() throws {
        let item = try entry(
            """
            <content type="xhtml" xml:base="café/"><div xmlns="http://www.w3.org/1999/xhtml" xml:base="menü/">\
            <a href="tee.html">t</a><img src="../i.png"/><q cite="/zitat">q</q></div></content>
            <summary type="html" xml:base="https://other.example/straße/">&lt;a href="x.html"&gt;x&lt;/a&gt;</summary>
            """, baseURL: "https://example.org/feed.xml")
        #expect(
            item.content
                == #"<a href="https://example.org/café/menü/tee.html">t</a><img src="https://example.org/café/i.png">"#
                + #"<q cite="https://example.org/zitat">q</q>"#)
        #expect(item.summary == #"<a href="https://other.example/straße/x.html">x</a>"#)
    }
}
