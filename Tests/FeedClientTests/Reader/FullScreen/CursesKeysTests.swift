import CCurses
@testable import FeedClient
import Testing

/// What ncurses reads from the terminal becomes the reader's keys.
struct CursesKeysTests {
    @Test func characters() {
        #expect(CursesKeys.decode(character: 0x6A) == .key(.character("j")))
        #expect(CursesKeys.decode(character: 0x20) == .key(.character(" ")))
        #expect(CursesKeys.decode(character: 0x65E5) == .key(.character("日")))
        #expect(CursesKeys.decode(character: 0x1F44D) == .key(.character("👍")))
    }

    @Test func controlBytes() {
        #expect(CursesKeys.decode(character: 13) == .key(.enter))
        #expect(CursesKeys.decode(character: 10) == .key(.enter))
        #expect(CursesKeys.decode(character: 27) == .key(.escape))
        #expect(CursesKeys.decode(character: 127) == .key(.backspace))
        #expect(CursesKeys.decode(character: 8) == .key(.backspace))
        #expect(CursesKeys.decode(character: 9) == .key(.tab))
        #expect(CursesKeys.decode(character: 12) == .key(.control("l")))
        #expect(CursesKeys.decode(character: 1) == .key(.control("a")))
        #expect(CursesKeys.decode(character: 26) == .key(.control("z")))
        #expect(CursesKeys.decode(character: 0) == .ignored)
        #expect(CursesKeys.decode(character: 0x9B) == .ignored)
        #expect(CursesKeys.decode(character: 0xD800) == .ignored)
    }

    @Test func keyCodes() {
        let expected: [(Int32, CursesKeys.Input)] = [
            (KEY_UP, .key(.up)), (KEY_DOWN, .key(.down)), (KEY_LEFT, .key(.left)), (KEY_RIGHT, .key(.right)),
            (KEY_NPAGE, .key(.pageDown)), (KEY_PPAGE, .key(.pageUp)), (KEY_HOME, .key(.home)),
            (KEY_END, .key(.end)), (KEY_ENTER, .key(.enter)), (KEY_BACKSPACE, .key(.backspace)),
            (KEY_DC, .key(.delete)), (KEY_RESIZE, .resize), (KEY_F0 + 1, .key(.function(1))),
            (KEY_F0 + 12, .key(.function(12))), (KEY_F0 + 13, .ignored), (KEY_MOUSE, .ignored),
        ]
        for (code, input) in expected {
            #expect(CursesKeys.decode(keyCode: code) == input, "\(code)")
        }
    }
}
