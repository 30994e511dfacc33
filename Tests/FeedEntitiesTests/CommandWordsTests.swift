import FeedEntities
import Testing

struct CommandWordsTests {
    @Test(arguments: [
        ("pass show feeds/lwn", ["pass", "show", "feeds/lwn"]),
        ("  a   b  ", ["a", "b"]),
        ("'a b' c", ["a b", "c"]),
        (#""a \"b\" \\ \n""#, [#"a "b" \ \n"#]),
        (#"a\ b"#, ["a b"]),
        ("''", [""]),
        ("x'y'\"z\"", ["xyz"]),
        ("", []),
    ])
    func splitsAsAShellWouldWithoutExpanding(text: String, words: [String]) throws {
        #expect(try CommandWords.split(text) == words)
    }

    @Test(arguments: ["'open", "\"open", #"end\"#])
    func refusesAnUnclosedQuoteOrATrailingBackslash(text: String) {
        #expect(throws: CommandWordsError.self) { try CommandWords.split(text) }
    }
}
