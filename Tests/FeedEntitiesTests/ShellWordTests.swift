import Testing
import FeedEntities

struct ShellWordTests {
    @Test(arguments: [
        ("news", "news"), ("-kde", "-kde"), ("https://lwn.net/headlines/rss", "https://lwn.net/headlines/rss"),
        ("my news", "'my news'"), ("it's", #"'it'\''s'"#), ("", "''"), ("$HOME", "'$HOME'"), ("a*", "'a*'"),
    ])
    func quotesOnlyWhatTheShellWouldChange(word: String, quoted: String) {
        #expect(ShellWord.quoted(word) == quoted)
    }
}

extension ShellWordTests {
    @Test func escapingLeavesTheShellNothingToExpand() {
        #expect(ShellWord.escaped("Planet Terminal") == #"Planet\ Terminal"#)
        #expect(ShellWord.escaped("$(date) `id` a\\b") == #"\$\(date\)\ \`id\`\ a\\b"#)
        #expect(ShellWord.escaped("news") == "news")
    }
}
