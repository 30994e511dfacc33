@testable import FeedDaemon
import FeedEntities
import Testing

/// The daemon's HTML-to-text for titles (what the store keeps and everyone sees).
struct HTMLTitleTextTests {
    @Test(arguments: [
        ("Lamp <b>replaced</b>", "Lamp replaced"),
        ("Kettle <em>descaled</em>", "Kettle descaled"),
        ("Bob &amp; Co", "Bob & Co"),
        ("It&#8217;s done", "It\u{2019}s done"),
        ("It&#x2019;s done", "It\u{2019}s done"),
        ("caf&eacute; &lt;open&gt;", "caf\u{E9} <open>"),
        ("  Two\n\tlines<br/>here  ", "Two lines here"),
        ("<p>One</p><p>Two</p>", "One Two"),
        ("Evil&#x202E;txt.exe", "Eviltxt.exe"),
        ("Bell&#7;", "Bell"),
        ("a <script>alert(1)</script>b", "a b"),
        ("<br>", ""),
    ])
    func titlesBecomeText(_ html: String, _ text: String) {
        #expect(HTMLTitleText.text(ofHTML: html) == text)
    }

    @Test func aHugeTitleIsCutJustPastTheStoresLimit() {
        let text = HTMLTitleText.text(ofHTML: "<b>" + String(repeating: "word ", count: 100_000) + "</b>")
        #expect(text.utf8.count > TextLimit.maximumBytes && text.utf8.count <= TextLimit.maximumBytes + 8)
    }
}
