import Testing
@testable import FeedClient

struct CommandLineWordsTests {
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
        #expect(try CommandLineWords.split(line) == words)
    }

    @Test func unclosedQuotesAndBlankLinesAreRefused() {
        #expect(throws: CommandLineWords.Problem.unclosedQuote) { try CommandLineWords.split("say 'hi") }
        #expect(throws: CommandLineWords.Problem.unclosedQuote) { try CommandLineWords.split("trailing\\") }
        #expect(throws: CommandLineWords.Problem.empty) { try CommandLineWords.split("   ") }
    }

    @Test func joinedWordsSplitBackIntoTheSameWords() throws {
        let words = ["my tool", "it's", "a\\b", "", "\"q\"", "plain"]
        #expect(try CommandLineWords.split(CommandLineWords.join(words)) == words)
        #expect(CommandLineWords.join(["less", "-R"]) == "less -R")
    }
}
