import Testing
@testable import FeedClient

struct XMLWriterTests {
    @Test func writesAnIndentedDocument() {
        var xml = XMLWriter()
        xml.start("opml", [("version", "2.0")])
        xml.start("head")
        xml.element("title", text: "Subscriptions")
        xml.end()
        xml.empty("outline", [("text", "A"), ("htmlUrl", nil), ("xmlUrl", "https://a/")])
        xml.end()
        #expect(xml.document == """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>Subscriptions</title>
              </head>
              <outline text="A" xmlUrl="https://a/"/>
            </opml>

            """)
    }

    @Test func escapesMarkupAndQuotes() {
        #expect(XMLWriter.escape(#"Q&A <b> "quoted" it's"#) == "Q&amp;A &lt;b&gt; &quot;quoted&quot; it&apos;s")
        #expect(XMLWriter.escape("a]]>b") == "a]]&gt;b")
    }

    @Test func keepsLineBreaksAndTabsAsReferencesAndDropsOtherControls() {
        #expect(XMLWriter.escape("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
        #expect(XMLWriter.escape("\u{0}x\u{1B}[31my\u{7F}\u{85}\u{9B}z\u{FFFE}\u{FFFF}") == "x[31myz")
    }

    @Test func dropsBidiControlsAndInvisibleFormatCharacters() {
        #expect(XMLWriter.escape("txt\u{202E}exe.\u{2066}a\u{200B}b\u{FEFF}") == "txtexe.ab")
    }

    @Test func keepsEveryOtherCharacter() {
        #expect(XMLWriter.escape("中文 🎉 é 👩\u{200D}💻 \u{FFFD} \u{10FFFF}") == "中文 🎉 é 👩\u{200D}💻 \u{FFFD} \u{10FFFF}")
    }
}
