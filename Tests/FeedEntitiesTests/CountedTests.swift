import FeedEntities
import Testing

struct CountedTests {
    @Test(arguments: [
        (0, "0 items"), (1, "1 item"), (2, "2 items"), (21, "21 items"), (-1, "-1 items"),
    ])
    func oneIsSingularEverythingElsePlural(count: Int, expected: String) {
        #expect(Counted.phrase(count, "item") == expected)
    }

    @Test func anIrregularPluralIsSpelledOut() {
        #expect(Counted.phrase(1, "match", "matches") == "1 match")
        #expect(Counted.phrase(3, "match", "matches") == "3 matches")
        #expect(Counted.phrase(1, "new item") == "1 new item")
        #expect(Counted.phrase(Int64(2), "error") == "2 errors")
    }

    @Test func theNounAloneFollowsTheSameRule() {
        #expect(Counted.noun(1, "feed") == "feed")
        #expect(Counted.noun(0, "feed") == "feeds")
        #expect(Counted.noun(5, "entry", "entries") == "entries")
    }
}
