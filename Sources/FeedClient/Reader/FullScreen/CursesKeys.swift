import CCurses

/// What `wget_wch` returns, as the reader's keys: a character (`OK`) or a key code
/// (`KEY_CODE_YES`), decoded by ncurses from the terminal's escape sequences with `keypad` on.
enum CursesKeys {
    /// One input of `wget_wch`.
    enum Input: Equatable {
        case key(KeyPress)
        /// ncurses' KEY_RESIZE: the size may have changed.
        case resize
        /// Nothing the reader uses (a mouse event, an unknown key code, a stray control byte).
        case ignored
        /// The terminal's answer to a question the reader asked (`TerminalProbe.question`):
        /// kitty's graphics reply, the cell size, DA1; the whole sequence.
        case reply([UInt8])
    }

    /// A character `wget_wch` returned with `OK`.
    static func decode(character value: UInt32) -> Input {
        switch value {
        case 13, 10: return .key(.enter)
        case 27: return .key(.escape)
        case 9: return .key(.tab)
        case 8, 127: return .key(.backspace)
        case 1...26:
            return .key(.control(Character(Unicode.Scalar(UInt8(value) + 0x60))))
        case 0..<32, 0x80..<0xA0:
            return .ignored
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    /// A key code `wget_wch` returned with `KEY_CODE_YES`; `name` is ncurses' name of it
    /// (`keyname`), which tells the keys with modifiers that terminfo's extended capabilities
    /// define (`kUP5` is Ctrl-Up): they are the keys themselves.
    static func decode(keyCode value: Int32, name: () -> String? = { nil }) -> Input {
        let plain = decode(keyCode: value)
        guard plain == .ignored, let name = name() else { return plain }
        let modified: [(String, KeyPress)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
            ("kNXT", .pageDown), ("kPRV", .pageUp), ("kDC", .delete),
        ]
        for (prefix, key) in modified where name.hasPrefix(prefix) && name.dropFirst(prefix.count).allSatisfy(\.isNumber) {
            return .key(key)
        }
        return .ignored
    }

    private static func decode(keyCode value: Int32) -> Input {
        switch value {
        case KEY_UP: .key(.up)
        case KEY_DOWN: .key(.down)
        case KEY_LEFT: .key(.left)
        case KEY_RIGHT: .key(.right)
        case KEY_PPAGE: .key(.pageUp)
        case KEY_NPAGE: .key(.pageDown)
        case KEY_HOME: .key(.home)
        case KEY_END: .key(.end)
        case KEY_ENTER: .key(.enter)
        case KEY_BACKSPACE: .key(.backspace)
        case KEY_DC, KEY_SDC: .key(.delete)
        // Shifted: the keys themselves.
        case KEY_SR: .key(.up)
        case KEY_SF: .key(.down)
        case KEY_SLEFT: .key(.left)
        case KEY_SRIGHT: .key(.right)
        case KEY_SHOME: .key(.home)
        case KEY_SEND: .key(.end)
        case KEY_SPREVIOUS: .key(.pageUp)
        case KEY_SNEXT: .key(.pageDown)
        case KEY_RESIZE: .resize
        case (KEY_F0 + 1)...(KEY_F0 + 12): .key(.function(Int(value - KEY_F0)))
        default: .ignored
        }
    }
}
