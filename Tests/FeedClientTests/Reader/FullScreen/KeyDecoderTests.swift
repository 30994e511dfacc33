import CCurses
import Testing
@testable import FeedClient

/// The sequences ncurses leaves undecoded: never an ESC and keys, always a key or nothing.
struct KeyDecoderTests {
    /// What `text` decodes to, fed as one drain of characters.
    func decode(_ text: String) -> [CursesKeys.Input] {
        var decoder = KeyDecoder()
        var inputs = text.unicodeScalars.flatMap { decoder.feed(.character($0.value)) }
        inputs += decoder.endOfInput()
        return inputs
    }

    @Test(arguments: [
        // tmux and screen, whatever TERM says: Home, End, Delete, the pages, F-keys.
        ("\u{1B}[1~", KeyPress.home), ("\u{1B}[7~", .home), ("\u{1B}[H", .home), ("\u{1B}OH", .home),
        ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}[F", .end), ("\u{1B}OF", .end),
        ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}[11~", .function(1)), ("\u{1B}[15~", .function(5)),
        ("\u{1B}[17~", .function(6)), ("\u{1B}[24~", .function(12)), ("\u{1B}OM", .enter),
        // Modified cursor keys are the keys themselves.
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .down), ("\u{1B}[1;3C", .right), ("\u{1B}OD", .left),
        ("\u{1B}[1;5H", .home),
    ])
    func aSequenceIsItsKey(sequence: String, key: KeyPress) {
        #expect(decode(sequence) == [.key(key)], "\(sequence.debugDescription)")
    }

    @Test func unknownSequencesAltKeysAndInsertAreNothingAndNeverEscape() {
        #expect(decode("\u{1B}[2~") == [.ignored], "Insert")
        #expect(decode("\u{1B}[25~") == [.ignored], "F13")
        #expect(decode("\u{1B}[?1;2c") == [.reply(Array("\u{1B}[?1;2c".utf8))], "a device attribute report")
        #expect(decode("\u{1B}[1;5Q") == [.ignored])
        #expect(decode("\u{1B}j").isEmpty, "Alt-j")
        #expect(decode("\u{1B}[" + String(repeating: "1", count: 40) + "~").isEmpty, "noise")
    }

    @Test func theTerminalsAnswersAreRepliesNeverKeys() {
        let kitty = "\u{1B}_Gi=31;OK\u{1B}\\", cell = "\u{1B}[6;20;10t", attributes = "\u{1B}[?62;4;22c"
        #expect(decode("j" + kitty + cell + attributes + "k") == [
            .key(.character("j")), .reply(Array(kitty.utf8)), .reply(Array(cell.utf8)), .reply(Array(attributes.utf8)),
            .key(.character("k")),
        ])
        // Cut between two reads, kitty's answer waits for its end; G (End) in it is no key.
        var decoder = KeyDecoder()
        var inputs = "\u{1B}_Gi=31".unicodeScalars.flatMap { decoder.feed(.character($0.value)) }
        inputs += decoder.endOfInput()
        inputs += ";ENOENT:x\u{1B}\\G".unicodeScalars.flatMap { decoder.feed(.character($0.value)) }
        #expect(inputs == [.reply(Array("\u{1B}_Gi=31;ENOENT:x\u{1B}\\".utf8)), .key(.character("G"))])
        // Alt-_ is nothing, and the keys after it are keys; so is an APC that is no reply.
        #expect(decode("\u{1B}_").isEmpty)
        #expect(decode("\u{1B}_x") == [])
        var other = KeyDecoder()
        _ = "\u{1B}_xyz".unicodeScalars.flatMap { other.feed(.character($0.value)) }
        _ = other.endOfInput()
        #expect(other.feed(.character(UInt32(UInt8(ascii: "j")))) == [.key(.character("j"))])
        // A reply too long is dropped whole.
        #expect(decode("\u{1B}_G" + String(repeating: "A", count: 2000) + "\u{1B}\\j") == [.key(.character("j"))])
    }

    @Test func anEscapeAloneIsEscapeAndKeysAroundASequenceStay() {
        #expect(decode("\u{1B}") == [.key(.escape)])
        #expect(decode("j\u{1B}[4~k") == [.key(.character("j")), .key(.end), .key(.character("k"))])
        #expect(decode("\u{1B}\u{1B}[A") == [.key(.escape), .key(.up)])
        var decoder = KeyDecoder()
        _ = decoder.feed(.character(27))
        #expect(decoder.feed(.keyCode(KEY_UP)) == [.key(.escape), .key(.up)])
    }

    @Test func aSequenceCutBetweenTwoReadsWaitsForItsRest() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.character(27)).isEmpty)
        #expect(decoder.feed(.character(UInt32(UInt8(ascii: "[")))).isEmpty)
        #expect(decoder.endOfInput().isEmpty)
        #expect(decoder.feed(.character(UInt32(UInt8(ascii: "4")))).isEmpty)
        #expect(decoder.feed(.character(UInt32(UInt8(ascii: "~")))) == [.key(.end)])
    }

    @Test func pastedTextIsOneKeyOfTextLineBreaksAsSpaces() {
        #expect(decode("\u{1B}[200~qQ rm -rf\n/ \u{1B}[A\u{07}x\u{1B}[201~j") == [.key(.paste("qQ rm -rf / x")), .key(.character("j"))])
        #expect(decode("\u{1B}[200~\u{1B}[201~").isEmpty)
    }
}
