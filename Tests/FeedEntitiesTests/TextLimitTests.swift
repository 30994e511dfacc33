import FeedEntities
import Testing

struct TextLimitTests {
    @Test func leavesTextWithinTheLimitsAlone() {
        #expect(TextLimit.shortened("Kernel news") == "Kernel news")
        let exact = String(repeating: "a", count: TextLimit.maximumBytes)
        #expect(TextLimit.shortened(exact) == exact)
        #expect(TextLimit.fits(exact) && !TextLimit.fits(exact + "a"))
        #expect(TextLimit.shortened("abc", maximumBytes: 3, maximumCharacters: 3) == "abc")
    }

    @Test func cutsAtACharacterAndEndsWithAnEllipsis() {
        let long = String(repeating: "a", count: 5000)
        let shortened = TextLimit.shortened(long)
        #expect(shortened.utf8.count == TextLimit.maximumBytes)
        #expect(shortened == String(repeating: "a", count: TextLimit.maximumBytes - 3) + "…")
        // Flags are two scalars of four bytes each: a byte cut would split one.
        let flags = String(repeating: "🇫🇷", count: 1000)
        let cut = TextLimit.shortened(flags, maximumBytes: 100)
        #expect(cut.utf8.count <= 100 && cut.hasSuffix("…"))
        #expect(cut.dropLast().allSatisfy { $0 == "🇫🇷" } && cut.count == 12 + 1)
    }

    @Test func boundsCharactersAndBytesTogether() {
        #expect(TextLimit.shortened("abcdef", maximumCharacters: 4) == "abc…")
        #expect(TextLimit.shortened("abcdef", maximumBytes: 6, maximumCharacters: 6) == "abcdef")
        // One character of many combining marks is cut as a whole: nothing of it is kept.
        let heavy = "a" + String(repeating: "\u{301}", count: 3000) + "b"
        #expect(TextLimit.shortened(heavy, maximumBytes: 100) == "…")
        #expect(TextLimit.shortened("é" + heavy, maximumBytes: 100, maximumCharacters: 10) == "é…")
    }
}
