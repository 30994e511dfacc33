@testable import FeedStorage
import Testing

struct SearchExpressionTests {
    @Test(arguments: [
        ("linux kernel", #""linux" "kernel""#),
        ("\"tiling window\" manager", #""tiling window" "manager""#),
        ("sched*", #""sched"*"#),
        ("vim OR emacs editor", #"("vim" OR "emacs") "editor""#),
        ("OR vim", #""vim""#),
        ("kernel -rust -go", #""kernel" NOT "rust" NOT "go""#),
        ("say \"hi", #""say" "hi""#),
        (#"quote"inside"#, #""quote" "inside""#),
        ("AND NOT NEAR", #""AND" "NOT" "NEAR""#),
        ("c++ -", #""c++""#),
    ])
    func buildsSafeQueries(input: String, expected: String) {
        #expect(SearchExpression.fts5(from: input) == expected)
    }

    @Test func nothingToFind() {
        #expect(SearchExpression.fts5(from: "") == nil)
        #expect(SearchExpression.fts5(from: "-only") == nil)
        #expect(SearchExpression.fts5(from: "*** ---") == nil)
    }
}
