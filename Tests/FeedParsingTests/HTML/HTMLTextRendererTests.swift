import Testing
import FeedParsing

/// Small documents with their exact rendering.
@Suite struct HTMLTextRendererTests {
    private func render(_ html: String, width: Int = 40, baseURL: String? = "https://example.org/posts/1") -> RenderedText {
        HTMLTextRenderer(width: width).render(html, baseURL: baseURL)
    }

    private func text(_ html: String, width: Int = 40) -> String {
        render(html, width: width).text
    }

    // MARK: - Paragraphs and whitespace

    @Test func paragraphsAreSeparatedByBlankLinesAndWrapped() {
        let html = """
            <p>The quick brown fox jumps over the lazy dog and keeps on running far away.</p>
            <p>Second   paragraph,
               with    collapsed\twhitespace.</p>
            """
        #expect(
            text(html) == """
                The quick brown fox jumps over the lazy
                dog and keeps on running far away.

                Second paragraph, with collapsed
                whitespace.
                """)
    }

    @Test func textWithoutMarkupIsOneParagraph() {
        #expect(text("Just a plain   summary.\n\nNo tags at all.") == "Just a plain summary. No tags at all.")
    }

    @Test func emptyAndBlankDocumentsRenderNothing() {
        #expect(render("") == RenderedText(text: "", links: []))
        #expect(render("   \n ") == RenderedText(text: "", links: []))
        #expect(render("<p>&nbsp;</p><div> </div><p></p>") == RenderedText(text: "", links: []))
    }

    @Test func lineBreaksEndLinesAndRunsStopAtOneBlankLine() {
        #expect(
            text("<p>Roses are red,<br>violets are blue<br/><br><br><br>P.S. sugar is sweet</p>") == """
                Roses are red,
                violets are blue

                P.S. sugar is sweet
                """)
    }

    @Test func entitiesAreDecoded() {
        #expect(
            text("<p>Caf&eacute; &amp; cr&egrave;me &mdash; 5&nbsp;&euro; &#8220;quoted&#x201D; &unknown; &lt;tag&gt;</p>", width: 80)
                == "Café & crème — 5 € “quoted” &unknown; <tag>")
    }

    @Test func inlineMarkupKeepsWordsTogetherOrApart() {
        #expect(
            text("<p>un<b>believ</b>able, <em>two</em> <strong>words</strong><span> and</span> more</p>")
                == "unbelievable, two words and more")
    }

    @Test func metaCharsetInTheContentCannotChangeTheEncoding() {
        #expect(text(#"<meta charset="iso-8859-1"><p>Crème brûlée</p>"#) == "Crème brûlée")
    }

    @Test func divsStartNewLinesWithoutBlankLines() {
        #expect(text("<div>one</div><div>two<div>three</div>four</div>") == "one\ntwo\nthree\nfour")
    }

    // MARK: - Headings

    @Test func headingsAreUnderlinedOrMarked() {
        let html = """
            <h1>Release notes</h1><p>Intro.</p>
            <h2>Fixes</h2><h3>Parser</h3><p>Text.</p><h4>A much longer fourth level heading that wraps</h4>
            """
        #expect(
            text(html) == """
                Release notes
                =============

                Intro.

                Fixes
                -----

                ### Parser

                Text.

                #### A much longer fourth level heading
                     that wraps
                """)
    }

    @Test func aWrappedHeadingIsUnderlinedToItsWidestLine() {
        #expect(
            text("<h1>An unusually long title for a short screen</h1>", width: 20) == """
                An unusually long
                title for a short
                screen
                =================
                """)
    }

    // MARK: - Lists

    @Test func unorderedListsUseBulletsAndNestedListsIndent() {
        let html = """
            <p>Before.</p>
            <ul>
              <li>First item that is long enough to wrap onto a second line</li>
              <li>Second
                <ul><li>Nested one</li><li>Nested two<ul><li>Third level</li></ul></li></ul>
              </li>
            </ul>
            <p>After.</p>
            """
        #expect(
            text(html) == """
                Before.

                • First item that is long enough to wrap
                  onto a second line
                • Second
                  ◦ Nested one
                  ◦ Nested two
                    ▪ Third level

                After.
                """)
    }

    @Test func orderedListsNumberFromStartAndAlignNumbers() {
        let items = (1...10).map { "<li>item \($0)</li>" }.joined()
        #expect(
            text("<ol start=\"3\"><li>three</li><li>four</li></ol><ol>\(items)</ol>") == """
                3. three
                4. four

                 1. item 1
                 2. item 2
                 3. item 3
                 4. item 4
                 5. item 5
                 6. item 6
                 7. item 7
                 8. item 8
                 9. item 9
                10. item 10
                """)
    }

    @Test func orderedListStylesValuesAndReversed() {
        let html = """
            <ol type="a"><li>alpha</li><li>beta</li></ol>
            <ol type="I"><li>one</li><li value="4">four</li><li>five</li></ol>
            <ol reversed><li>three</li><li>two</li><li>one</li></ol>
            """
        #expect(
            text(html) == """
                a. alpha
                b. beta

                  I. one
                 IV. four
                  V. five

                3. three
                2. two
                1. one
                """)
    }

    @Test func listItemsWithParagraphsAreSeparatedByBlankLines() {
        #expect(
            text("<ul><li><p>First.</p><p>More on first.</p></li><li><p>Second.</p></li></ul>") == """
                • First.

                  More on first.

                • Second.
                """)
    }

    @Test func definitionListsIndentDescriptions() {
        #expect(
            text("<dl><dt>RSS</dt><dd>Really Simple Syndication, a feed format.</dd><dt>Atom</dt><dd>RFC 4287.</dd></dl>")
                == """
                RSS
                    Really Simple Syndication, a feed
                    format.
                Atom
                    RFC 4287.
                """)
    }

    // MARK: - Quotes

    @Test func blockquotesArePrefixedAndWrappedInside() {
        let html = """
            <p>She wrote:</p>
            <blockquote><p>Feeds are the best way to follow the web without an algorithm.</p>
            <blockquote>Nested quote.</blockquote><p>Last words.</p></blockquote>
            <p>End.</p>
            """
        #expect(
            text(html) == """
                She wrote:

                > Feeds are the best way to follow the
                > web without an algorithm.
                >
                > > Nested quote.
                >
                > Last words.

                End.
                """)
    }

    @Test func rubyReadingsFollowInParentheses() {
        #expect(text("<p><ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>を<ruby>読<rt>よ</rt></ruby>む</p>") == "漢字(かんじ)を読(よ)む")
    }

    @Test func inlineQuotationsGetQuotationMarks() {
        #expect(text("<p>He said <q>hello</q>.</p>") == "He said “hello”.")
    }

    // MARK: - Preformatted text

    @Test func preIsKeptVerbatimWithoutWrapping() {
        let html = """
            <p>Run:</p><pre>
            func greet() {
            \tprint("a line that is much longer than the forty columns of this test")
            }

            </pre><p>Done.</p>
            """
        #expect(
            text(html) == """
                Run:

                func greet() {
                        print("a line that is much longer than the forty columns of this test")
                }

                Done.
                """)
    }

    @Test func preInsideABlockquoteKeepsThePrefix() {
        #expect(text("<blockquote><pre>a  b\n  c</pre></blockquote>") == "> a  b\n>   c")
    }

    @Test func codeIsInlineUnlessItStandsAloneOverSeveralLines() {
        let html = """
            <p>Call <code>render(html,   baseURL:)</code> first.</p>
            <p><code>let a = 1
              let b = 2</code></p>
            """
        #expect(
            text(html) == """
                Call `render(html, baseURL:)` first.

                let a = 1
                  let b = 2
                """)
    }

    @Test func inlineCodeIsBetweenBackticksWherePunctuationAndLinksAttach() {
        #expect(text("<p>Run <code>make</code>, then <a href=\"/x\"><code>make test</code></a>.</p>") == "Run `make`, then `make test`[1].")
        #expect(text("<p><code> spaced </code>word</p>") == "`spaced` word")
    }

    @Test func preformattedIndentationOnTheFirstLineSurvives() {
        #expect(text("<pre>    indented\nnot</pre>") == "    indented\nnot")
    }

    // MARK: - Links

    @Test func linksAreNumberedResolvedAndDeduplicated() {
        let rendered = render(
            """
            <p>See <a href="/about">the about page</a>, <a href="https://other.example/x?a=1&amp;b=2">another
            site</a> and <a href="../about">about again</a>.
            Mail <a href="mailto:me@example.org">me</a>.</p>
            """, width: 80)
        #expect(
            rendered.text == """
                See the about page[1], another site[2] and about again[1]. Mail me[3].
                """)
        #expect(rendered.links == ["https://example.org/about", "https://other.example/x?a=1&b=2", "mailto:me@example.org"])
    }

    @Test func linksThatCannotBeFollowedAreTextOnly() {
        let rendered = render(
            """
            <p><a href="javascript:alert(1)">script</a> <a href="data:text/html,hi">data</a>
            <a href="file:///etc/passwd">file</a> <a name="anchor">anchor</a> <a href="">empty</a>
            <a href="ftp://ftp.example.org/">ftp</a></p>
            """, width: 80)
        #expect(rendered.text == "script data file anchor empty ftp")
        #expect(rendered.links.isEmpty)
    }

    @Test func relativeLinksWithoutABaseAreTextOnly() {
        let rendered = render(#"<a href="/x">relative</a> <a href="https://example.org/y">absolute</a>"#, baseURL: nil)
        #expect(rendered.text == "relative absolute[1]")
        #expect(rendered.links == ["https://example.org/y"])
    }

    @Test func emptyAnchorsGetNoNumberAndImagesInLinksDo() {
        let rendered = render(
            """
            <h3><a class="anchor" href="#install"></a>Install</h3>
            <p><a href="/full.jpg"><img src="/thumb.jpg" alt="Diagram"></a></p>
            """)
        #expect(rendered.text == "### Install\n\n[image: Diagram][1][2]")
        #expect(rendered.links == ["https://example.org/thumb.jpg", "https://example.org/full.jpg"])
    }

    @Test func hrefWhitespaceAndLineBreaksAreRemoved() {
        let rendered = render("<a href=\"  https://example.org/a\nb  \">x</a> <a href=\"/a b\">y</a>")
        #expect(rendered.links == ["https://example.org/ab", "https://example.org/a%20b"])
    }

    // MARK: - Images and media

    @Test func imagesShowTheirAltTextAndTrackingPixelsDisappear() {
        #expect(
            text(
                """
                <p>Look:<img src="a.png" alt=" A  red
                 bicycle "><img src="b.png"><img src="c.png" title="Chart"><img src="t.gif" width="1" height="1" alt="pixel">end</p>
                """, width: 80) == "Look: [image: A red bicycle][1] [image][2] [image: Chart][3] end")
    }

    @Test func videoAndAudioArePlaceholdersWithTheirSource() {
        let rendered = render(
            """
            <video controls poster="p.jpg"><source src="/media/clip.mp4" type="video/mp4">Your browser does not support video.</video>
            <audio src="https://cdn.example.org/episode.mp3">fallback</audio>
            """)
        #expect(rendered.text == "[video][1] [audio][2]")
        #expect(rendered.links == ["https://example.org/media/clip.mp4", "https://cdn.example.org/episode.mp3"])
    }

    // MARK: - Tables and rules

    @Test func tablesRenderAsAlignedColumns() {
        let html = """
            <table><caption>Scores</caption>
            <tr><th>Team</th><th>Points</th></tr>
            <tr><td><p>Red</p></td><td>10<br>(best)</td></tr>
            <tr><td></td><td>3</td></tr>
            </table>
            """
        #expect(
            text(html) == """
                Scores

                Team | Points
                -----+----------
                Red  | 10 (best)
                     | 3
                """)
    }

    @Test func horizontalRulesSeparateSections() {
        #expect(text("<p>above</p><hr><p>below</p>", width: 10) == "above\n\n----------\n\nbelow")
    }

    // MARK: - Dropped content

    @Test func scriptsStylesCommentsAndEmbedsAreDropped() {
        let html = """
            <html><head><title>Page title</title><style>p { color: red }</style></head><body>
            <script>document.write("no")</script><noscript>Enable JavaScript</noscript>
            <!-- a comment --><p>Kept<!-- inline comment --> text</p>
            <iframe src="https://www.youtube.com/embed/x">iframe fallback</iframe>
            <template><p>template</p></template><form><input value="v"><button>Send</button></form>
            <svg><text>vector</text></svg>
            </body></html>
            """
        #expect(text(html) == "Kept text")
    }

    // MARK: - Safety of the text

    @Test func controlCharactersAndBidiOverridesAreRemoved() {
        let rendered = render("<p>safe\u{1B}[31mred\u{1B}[0m \u{202E}txt.exe \u{0085}next \u{2066}iso\u{2069}</p><pre>a\u{07}b</pre>")
        #expect(rendered.text == "safe[31mred[0m txt.exe next iso\n\nab")
    }

    @Test func linkTargetsAreCleanedToo() {
        let rendered = render("<a href=\"https://example.org/\u{1B}[2J\">x</a>")
        #expect(rendered.links.count == 1)
        #expect(rendered.links.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    // MARK: - Width

    @Test func wideCharactersCountTwoColumnsAndMayBreakAnywhere() {
        #expect(
            text("<p>日本語のテキストを折り返します。句読点は行頭に来ません。</p>", width: 10) == """
                日本語のテ
                キストを折
                り返しま
                す。句読点
                は行頭に来
                ません。
                """)
    }

    @Test func mixedScriptsBreakBetweenLatinAndWideCharacters() {
        #expect(text("<p>Swift言語 で書く</p>", width: 8) == "Swift言\n語 で書\nく")
    }

    @Test func combiningMarksAndEmojiAreMeasuredAsDisplayed() {
        // "é" written as e + U+0301 is one column; the emoji two.
        #expect(text("<p>cafe\u{301} cafe\u{301} 🎉🎉 end</p>", width: 10) == "cafe\u{301} cafe\u{301}\n🎉🎉 end")
    }

    @Test func wordsLongerThanTheLineAreCut() {
        #expect(
            text("<p>see https://example.org/a/very/long/path/that/cannot/fit here</p>", width: 20) == """
                see
                https://example.org/
                a/very/long/path/tha
                t/cannot/fit here
                """)
    }

    @Test func noBreakSpacesHoldWordsTogether() {
        #expect(text("<p>aaaa bbbb 10&nbsp;km&nbsp;h</p>", width: 12) == "aaaa bbbb\n10 km h")
    }

    @Test func wordBreakOpportunities() {
        #expect(text("<p>super<wbr>cali<wbr>fragilistic</p>", width: 10) == "supercali\nfragilisti\nc")
    }

    @Test func contentAfterVoidElementsLibXML2DoesNotKnowIsKept() {
        // libxml2's HTML 4 tables make <wbr>, <source>, <track> and <embed> containers of what follows them.
        let rendered = render(
            #"<p>a<wbr>b <picture><source srcset="x.webp"><img alt="photo"></picture> <embed src="e.swf">after</p><p>next</p>"#)
        #expect(rendered.text == "ab [image: photo] after\n\nnext")
    }

    @Test func zeroWidthMeansNoWrapping() {
        let long = String(repeating: "word ", count: 50).trimmingCharacters(in: .whitespaces)
        #expect(text("<p>\(long)</p>", width: 0) == long)
    }

    @Test func deepIndentationStopsAtHalfTheWidth() {
        let html = String(repeating: "<blockquote>", count: 30) + "deep quote text" + String(repeating: "</blockquote>", count: 30)
        let lines = text(html, width: 20).split(separator: "\n")
        #expect(lines == ["> > > > > deep quote", "> > > > > text"])
    }
}
