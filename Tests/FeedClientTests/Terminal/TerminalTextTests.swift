import Testing
@testable import FeedClient

struct TerminalTextTests {
    @Test func removesCSISequencesWithTheirParameters() {
        #expect(TerminalText.sanitize("Evil \u{1B}[31mRed\u{1B}[0m Feed") == "Evil Red Feed")
        #expect(TerminalText.sanitize("\u{1B}[2J\u{1B}[1;1Hclear") == "clear")
    }

    @Test func removesEightBitCSI() {
        #expect(TerminalText.sanitize("a\u{9B}2Jb") == "ab")
        #expect(TerminalText.sanitize("a\u{9B}") == "a")
    }

    @Test func removesOSCStringsTerminatedByBELOrST() {
        #expect(TerminalText.sanitize("Bell\u{07}\u{1B}]0;pwned\u{07} and more") == "Bell and more")
        #expect(TerminalText.sanitize("x\u{1B}]52;c;ZXZpbA==\u{1B}\\y") == "xy")
        #expect(TerminalText.sanitize("x\u{9D}8;;http://evil\u{9C}y") == "xy")
        #expect(TerminalText.sanitize("unterminated \u{1B}]0;title") == "unterminated")
    }

    @Test func removesOtherEscapesAndLoneESC() {
        #expect(TerminalText.sanitize("a\u{1B}cb") == "ab")  // RIS
        #expect(TerminalText.sanitize("a\u{1B}(0b") == "ab")  // designate charset
        #expect(TerminalText.sanitize("end\u{1B}") == "end")
    }

    @Test func removesEveryControlAndDEL() {
        let controls = (0x00...0x1F).filter { ![0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B].contains($0) }
            .map { String(Unicode.Scalar(UInt8($0))) }.joined()
        #expect(TerminalText.sanitize("a\(controls)\u{7F}b") == "ab")
        let c1 = (0x80...0x9F).filter { ![0x85, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F].contains($0) }
            .map { String(Unicode.Scalar(UInt32($0))!) }.joined()
        #expect(TerminalText.sanitize("a\(c1)b") == "ab")
    }

    @Test func removesBidiControlsAndInvisibleFormatCharacters() {
        #expect(TerminalText.sanitize("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        #expect(TerminalText.sanitize("\u{2066}a\u{2069}\u{200F}\u{200B}b\u{FEFF}\u{061C}") == "ab")
        #expect(TerminalText.sanitize("tag\u{E0041}s") == "tags")
    }

    @Test func collapsesWhitespaceToSingleSpacesOnOneLine() {
        #expect(TerminalText.sanitize("  Title\n\twith\r\n  breaks\u{2028}and\u{85}more  ") == "Title with breaks and more")
    }

    @Test func keepsPrintableTextEmojiSequencesAndScripts() {
        let text = "Café 中文 👩‍💻 🇫🇷 ❤️ نص عربي e\u{301}"
        #expect(TerminalText.sanitize(text) == text)
    }

    // MARK: - sanitizeBlock

    @Test func blocksKeepLineBreaksIndentationAndSpaces() {
        let text = "Title\n=====\n\n  indented  code\n    • item\n\nlast line  "
        #expect(TerminalText.sanitizeBlock(text) == text)
    }

    @Test func blocksDropCarriageReturnsAndTurnOtherBreaksIntoLineFeeds() {
        #expect(TerminalText.sanitizeBlock("a\r\nb\rc") == "a\nbc")
        #expect(TerminalText.sanitizeBlock("a\u{0B}b\u{0C}c\u{85}d\u{2028}e\u{2029}f") == "a\nb\nc\nd\ne\nf")
    }

    @Test func blockTabsBecomeSpacesToTheNextStopOfEight() {
        #expect(TerminalText.sanitizeBlock("\tx") == "        x")
        #expect(TerminalText.sanitizeBlock("ab\tc\td") == "ab      c       d")
        #expect(TerminalText.sanitizeBlock("中文\tx\n\ty") == "中文    x\n        y")  // 中文 is 4 columns
        #expect(TerminalText.sanitizeBlock("1234567\t8") == "1234567 8")
    }

    @Test func blocksRemoveEverythingSanitizeRemoves() {
        let hostile = "Bell\u{07}\u{1B}]0;pwned\u{07} \u{1B}[31mRed\u{1B}[0m\n\u{9B}2Jx\u{90}dcs\u{9C}y"
            + "\n\u{1B}]52;c;ZXZpbA==\u{1B}\\z\u{202E}txt.exe\u{2066}\u{200B}\u{FEFF}\u{7F}\u{00}\u{1B}"
        #expect(TerminalText.sanitizeBlock(hostile) == "Bell Red\nxy\nztxt.exe")
        let controls = (0x00...0x1F).filter { ![0x09, 0x0A, 0x0B, 0x0C, 0x1B].contains($0) }
            .map { String(Unicode.Scalar(UInt8($0))) }.joined()
        #expect(TerminalText.sanitizeBlock("a\(controls)b") == "ab")
        #expect(TerminalText.sanitizeBlock("unterminated \u{1B}]0;title\nstill title") == "unterminated ")
    }

    @Test func blocksKeepScriptsAndEmoji() {
        let text = "Café 中文 👩‍💻 🇫🇷 ❤️\nنص عربي e\u{301}"
        #expect(TerminalText.sanitizeBlock(text) == text)
    }

    @Test(arguments: [
        "", "Plain title", "Ørestad, été 😀 日本語", " leading", "trailing ", "two  spaces", "tab\there", "a\u{85}b",
        "soft\u{AD}hyphen", "zero\u{200B}width", "bidi\u{202E}txt", "line\u{2028}sep", "del\u{7F}", "esc\u{1B}[2J", "\u{A0}nbsp",
        "tag\u{E0041}", "bom\u{FEFF}", "\u{3164}", "a\u{115F}b", "\u{2800}", "cgj\u{034F}", "mvs\u{180B}",
        "Zalgo" + String(repeating: "\u{0301}", count: 30), "Tiếng Việt", "e\u{0301}\u{0302}\u{0303}",
    ])
    func aCleanTextIsOneSanitisingLeavesAsItIs(text: String) {
        #expect(TerminalText.isClean(text) == (TerminalText.sanitize(text) == text))
    }

    @Test func theCheckLetsOrdinaryTitlesThrough() {
        #expect(TerminalText.isClean("Ørestad, été 😀 日本語"))
        #expect(!TerminalText.isClean("two  spaces"))
        #expect(!TerminalText.isClean("zero\u{200B}width"))
    }

    /// Fillers and blanks that draw nothing but are not white space make a title look empty or
    /// like another: removed, as the other invisible characters are.
    @Test func removesInvisibleFillers() {
        #expect(TerminalText.sanitize("\u{3164}") == "")
        #expect(TerminalText.sanitize("Pay\u{115F}\u{1160}Pal") == "PayPal")
        #expect(TerminalText.sanitize("\u{2800}\u{2800} Important") == "Important")
        #expect(TerminalText.sanitize("a\u{034F}b\u{180B}c\u{FFA0}d\u{17B4}e\u{1D173}f") == "abcdef")
        #expect(TerminalText.sanitizeBlock("x\u{3164}y\n\u{2800}z") == "xy\nz")
    }

    /// A letter keeps the marks a script stacks; "Zalgo" runs of dozens are cut to that many.
    @Test func cutsRunsOfCombiningMarks() {
        let zalgo = "Z" + String(repeating: "\u{0336}\u{0301}", count: 20) + "algo"
        let kept = TerminalText.sanitize(zalgo)
        #expect(kept == "Z" + String(repeating: "\u{0336}\u{0301}", count: 3) + "algo")
        #expect(TerminalText.sanitizeBlock(zalgo) == kept)
        #expect(TerminalText.sanitize("Tiếng Việt ở đâu") == "Tiếng Việt ở đâu")
        let thai = "ก\u{0E34}\u{0E48}"
        #expect(TerminalText.sanitize(thai) == thai)
    }
}
