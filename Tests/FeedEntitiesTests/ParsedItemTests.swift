import FeedEntities
import Foundation
import Testing

struct ParsedItemTests {
    @Test func plainTextIsKeptAsHTMLThatReadsTheSame() {
        #expect(ParsedItem.html(ofText: "a < b & c > d\r\ntwo\rthree\n\nfive") == "a &lt; b &amp; c &gt; d<br>\ntwo<br>\nthree<br>\n<br>\nfive")
        var item = ParsedItem(summary: "a < b\nc", content: "<p>x</p>")
        #expect(item.summaryHTML == "a < b\nc" && item.contentHTML == "<p>x</p>", "HTML unless flagged")
        item.summaryIsText = true
        item.content = "d & e"
        item.contentIsText = true
        #expect(item.summaryHTML == "a &lt; b<br>\nc" && item.contentHTML == "d &amp; e")
    }

    /// Escaped HTML in an element declared plain text stays HTML; plain text is escaped.
    @Test(arguments: [
        ("<p>Hello</p>", true), ("one<br>two", true), ("one<BR/>two", true), ("one<br />two", true),
        ("AT&amp;T", true), ("it&#8217;s", true), ("&#x2019;", true),
        ("a < b > c", false), ("AT&T and R&D, done", false), ("x <b and c> y", false), ("<3 </ 3>", false),
        ("use <br to break", false), ("plain text\nwith lines", false), ("", false),
    ])
    func escapedHTMLIsToldFromPlainText(text: String, isHTML: Bool) {
        #expect(ParsedItem.looksLikeHTML(text) == isHTML)
        var item = ParsedItem(summary: text, content: text)
        item.summaryIsText = true
        item.contentIsText = true
        #expect((item.summaryHTML == text) == (isHTML || ParsedItem.html(ofText: text) == text))
        #expect(item.contentHTML == item.summaryHTML)
    }

    @Test func keyPrefersGuidThenLink() {
        #expect(ParsedItem(id: "urn:1", link: "https://e.org/a").storeKey == "id:urn:1")
        #expect(ParsedItem(id: "", link: "https://e.org/a").storeKey == "link:https://e.org/a")
    }

    @Test func hashKeyIsStableAndDependsOnContent() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let one = ParsedItem(title: "Hello", published: date)
        let again = ParsedItem(title: "Hello", published: date)
        let other = ParsedItem(title: "Hello", published: date.addingTimeInterval(60))
        #expect(one.storeKey == again.storeKey)
        #expect(one.storeKey != other.storeKey)
        #expect(one.storeKey.hasPrefix("hash:"))
        // FNV-1a is fixed, so keys survive restarts and upgrades.
        #expect(ParsedItem(title: "x").storeKey == ParsedItem(title: "x").storeKey)
    }

    @Test func aKeyTooLongToStoreIsAHashOfIt() {
        let guid = String(repeating: "g", count: 5000)
        let key = ParsedItem(id: guid).storeKey
        #expect(key.hasPrefix("long:5003:") && TextLimit.fits(key))
        #expect(key == ParsedItem(id: guid).storeKey)
        #expect(key != ParsedItem(id: guid + "h").storeKey)
        #expect(ParsedItem(link: "https://e.org/" + guid).storeKey.hasPrefix("long:5019:"))
    }

    @Test func displayDateFallsBack() {
        let seen = Date(timeIntervalSince1970: 10)
        let item = Item(id: 1, feedID: 1, feedTitle: "F", firstSeen: seen)
        #expect(item.displayDate == seen)
    }
}
