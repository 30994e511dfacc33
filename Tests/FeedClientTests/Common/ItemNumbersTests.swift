import Testing
@testable import FeedClient

struct ItemNumbersTests {
    @Test func numbersRangesAndListsMixInAnyOrder() throws {
        #expect(try ItemNumbers.parse(["12"]) == [12])
        #expect(try ItemNumbers.parse(["3", "5", "8-10"]) == [3, 5, 8, 9, 10])
        #expect(try ItemNumbers.parse(["8-10,3", "5"]) == [3, 5, 8, 9, 10])
        #expect(try ItemNumbers.parse(["3,5", " 7 - 8 "]) == [3, 5, 7, 8])
        #expect(try ItemNumbers.parse(["4-4"]) == [4])
    }

    @Test func theResultIsSortedWithoutDuplicates() throws {
        #expect(try ItemNumbers.parse(["9", "3-6", "5", "4-8", "3"]) == [3, 4, 5, 6, 7, 8, 9])
    }

    @Test(arguments: [
        (["0"], ItemNumbers.Problem.notPositive("0")),
        (["0-5"], .notPositive("0-5")),
        (["-3"], .notPositive("-3")),
        (["7-3"], .reversedRange("7-3")),
        (["abc"], .notANumber("abc")),
        (["3x"], .notANumber("3x")),
        (["+5"], .notANumber("+5")),
        (["3-"], .notANumber("3-")),
        (["-"], .notANumber("-")),
        (["3-5-7"], .notANumber("3-5-7")),
        (["3,,5"], .notANumber("3,,5")),
        ([""], .notANumber("")),
        (["99999999999999999999"], .notANumber("99999999999999999999")),
        (["١٢"], .notANumber("١٢")),  // Arabic-Indic digits are numbers to Character, not to us
        ([], .empty),
    ])
    func garbageIsRefusedWithTheReason(arguments: [String], problem: ItemNumbers.Problem) {
        #expect(throws: problem) { try ItemNumbers.parse(arguments) }
    }

    @Test func rangesLongerThanTheLimitAreRefusedWithoutExpandingThem() throws {
        #expect(try ItemNumbers.parse(["1-100000"]).count == 100_000)
        #expect(throws: ItemNumbers.Problem.tooMany("1-100001", count: 100_001)) { try ItemNumbers.parse(["1-100001"]) }
        #expect(throws: ItemNumbers.Problem.tooMany("1-9223372036854775807", count: Int.max)) {
            try ItemNumbers.parse(["1-9223372036854775807"])
        }
    }

    @Test func allTheNumbersTogetherAreLimitedToo() throws {
        #expect(throws: ItemNumbers.Problem.tooMany(nil, count: 100_001)) {
            try ItemNumbers.parse(["1-60000", "60001-100001"])
        }
        #expect(try ItemNumbers.parse(["1-60000", "40001-100000"]).count == 100_000)
    }

    @Test func problemsReadAsUsageErrors() {
        #expect(ItemNumbers.Problem.notPositive("0").description == "item numbers start at 1: '0'")
        #expect(ItemNumbers.Problem.reversedRange("7-3").description == "'7-3' is a reversed range: write the smaller number first")
        #expect(ItemNumbers.Problem.notANumber("x").description == "'x' is not an item number or range (such as 12, 3-7 or 3,5,8-10)")
        #expect(ItemNumbers.Problem.tooMany("1-200000", count: 200_000).description == "the range '1-200000' names 200000 items; at most 100000 at once")
        #expect(ItemNumbers.Problem.empty.description == "no item numbers given")
    }
}
