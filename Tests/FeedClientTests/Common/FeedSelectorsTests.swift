import Testing
@testable import FeedClient

struct FeedSelectorsTests {
    @Test func rangesAndListsBecomeNumbersAndTheRestStaysSelectors() throws {
        #expect(try FeedSelectors.expand(["31-33", "5,8", "Kernel Notes", "https://x.example/feed", "32"])
            == ["31", "32", "33", "5", "8", "Kernel Notes", "https://x.example/feed"])
        #expect(try FeedSelectors.expand(["3 Body", "Kernel-Notes", " "]) == ["3 Body", "Kernel-Notes"])
    }

    @Test func aHugeRangeIsRefused() {
        #expect(throws: ItemNumbers.Problem.self) { try FeedSelectors.expand(["1-999999999"]) }
    }
}
