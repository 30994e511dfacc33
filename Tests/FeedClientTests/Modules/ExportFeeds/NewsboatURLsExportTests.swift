import FeedEntities
import Testing
@testable import FeedClient

struct NewsboatURLsExportTests {
    @Test func urlThenTagsThenTheUsersOwnTitle() {
        var kernel = Fixtures.feed(2, title: #"My "Kernel" \ Notes"#, url: "https://kernel.example/feed?a=1&b=2")
        kernel.tags = ["linux", "tag with space"]
        kernel.hasCustomTitle = true
        var chinese = Fixtures.feed(3, title: "中文\n博客\u{1B}", url: "https://zh.example/feed")
        chinese.tags = ["#hash", "!", "~tilde", "ok"]
        chinese.hasCustomTitle = true
        let document = NewsboatURLsExport.document(for: [Fixtures.feed(1), kernel, chinese])
        #expect(document.text == #"""
            https://planet.example.org/rss.xml
            https://kernel.example/feed?a=1&b=2 linux "tag with space" "~My \"Kernel\" \\ Notes"
            https://zh.example/feed "#hash" ok "~中文 博客"

            """#)
        #expect(document.notes == [
            "feed 3: the tag '!' cannot be written to a newsboat urls file, where it means something else",
            "feed 3: the tag '~tilde' cannot be written to a newsboat urls file, where it means something else",
        ])
    }

    @Test func aTitleFromTheFeedDocumentIsNotWritten() {
        var feed = Fixtures.feed(1, title: "Planet Terminal")
        feed.tags = ["linux"]
        #expect(NewsboatURLsExport.document(for: [feed]).text == "https://planet.example.org/rss.xml linux\n")
    }

    @Test func wordsReadBackAsWritten() {
        for text in ["plain", "two words", #"a "quote""#, #"back\slash"#, "#hash", "tab\tbed", "中文 🎉"] {
            #expect(Self.newsboatWords(NewsboatURLsExport.word(text)) == [text], "\(text)")
        }
    }

    @Test func aWholeExportReadsBackToTheSameFeedsTagsAndTitles() {
        let feeds = ExportFixtures.feeds.filter(\.hasCustomTitle) + ExportFixtures.feeds.filter { !$0.hasCustomTitle }
        let lines = NewsboatURLsExport.document(for: feeds).text.split(separator: "\n").map { Self.newsboatWords(String($0)) }
        #expect(lines.map(\.first) == feeds.map(\.url))
        #expect(lines.map { $0.dropFirst().filter { !$0.hasPrefix("~") } } == feeds.map(\.tags))
        #expect(lines.map { $0.first { $0.hasPrefix("~") }.map { String($0.dropFirst()) } } == feeds.map { $0.hasCustomTitle ? $0.title : nil })
    }

    /// The words of a line as newsboat's `tokenize_quoted` reads them: blanks separate, `"`
    /// groups, and inside quotes a backslash takes the next character as it is.
    static func newsboatWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var started = false
        var inQuote = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if inQuote, character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuote.toggle()
                started = true
            } else if !inQuote, character == " " || character == "\t" {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }
}
