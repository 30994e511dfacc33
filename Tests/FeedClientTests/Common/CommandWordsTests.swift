import Testing
@testable import FeedClient

struct CommandWordsTests {
    @Test(arguments: [
        ("less -R", ["less", "-R"]),
        ("  a   b\tc ", ["a", "b", "c"]),
        ("grep 'two words' \"say \\\"hi\\\"\"", ["grep", "two words", "say \"hi\""]),
        ("a\\ b c\\\\d", ["a b", "c\\d"]),
        ("echo $HOME; rm -rf *", ["echo", "$HOME;", "rm", "-rf", "*"]),
        ("x''", ["x"]),
        ("'' y", ["", "y"]),
    ])
    func wordsSplitAsAShellWouldWithoutItsExpansions(line: String, words: [String]) throws {
        #expect(try CommandWords.split(line) == words)
    }

    @Test func unclosedQuotesAndBlankLinesAreRefused() {
        #expect(throws: CommandWords.Problem.unclosedQuote) { try CommandWords.split("say 'hi") }
        #expect(throws: CommandWords.Problem.unclosedQuote) { try CommandWords.split("trailing\\") }
        #expect(throws: CommandWords.Problem.empty) { try CommandWords.split("   ") }
    }

    @Test func joinedWordsSplitBackIntoTheSameWords() throws {
        let words = ["my tool", "it's", "a\\b", "", "\"q\"", "plain"]
        #expect(try CommandWords.split(CommandWords.join(words)) == words)
        #expect(CommandWords.join(["less", "-R"]) == "less -R")
    }
}
