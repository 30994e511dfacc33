import FeedEntities
import Testing

/// Which titles are HTML, and what each type of title becomes as text.
struct TitleTypeTests {
    /// Marks the text it was given, so a test sees whether the conversion ran.
    static func converted(_ html: String) -> String { "text(\(html))" }

    @Test(arguments: [
        "Lamp <b>replaced</b>", "<em>New</em> release", "Line<br/>break", "Line<br>break", "end</p>",
        "Bob &amp; Co", "It&#8217;s here", "It&#X2019;s here", "&lt;tag&gt;", "caf&eacute;", "<!-- note -->x",
        "Tag <a href=\"https://example.org/?a=1&b=2\">link</a>",
    ])
    func escapedMarkupLooksLikeMarkup(_ title: String) {
        #expect(TitleType.looksLikeMarkup(title))
    }

    @Test(arguments: [
        "a < b", "x <= y", "AT&T", "Fish & chips", "R & D; more", "5 <6", "1<2 and 3>2", "&", "<", "& #38;",
        "&#;", "&#x;", "&#12a;", "&;", "< b>", "Caf\u{E9} \u{2019}", "",
    ])
    func plainTextDoesNotLookLikeMarkup(_ title: String) {
        #expect(!TitleType.looksLikeMarkup(title))
    }

    @Test func eachTypeBecomesTextItsOwnWay() {
        #expect(TitleType.text.displayText(of: "a <b>c</b>", htmlToText: Self.converted) == "a <b>c</b>")
        #expect(TitleType.html.displayText(of: "plain", htmlToText: Self.converted) == "text(plain)")
        #expect(TitleType.unknown.displayText(of: "a <b>c</b>", htmlToText: Self.converted) == "text(a <b>c</b>)")
        #expect(TitleType.unknown.displayText(of: "a < c", htmlToText: Self.converted) == "a < c")
    }

    @Test func parsedTitlesGiveTheirTextAndNothingForNoText() {
        let feed = ParsedFeed(format: .atom10, title: "<i>Log</i>", titleType: .html)
        #expect(feed.titleText(htmlToText: { _ in "Log" }) == "Log")
        #expect(ParsedItem(title: "<br>", titleType: .html).titleText(htmlToText: { _ in "" }) == nil)
        #expect(ParsedItem().titleText(htmlToText: Self.converted) == nil)
        #expect(ParsedItem(title: "As is").titleText(htmlToText: Self.converted) == "As is")
    }
}
