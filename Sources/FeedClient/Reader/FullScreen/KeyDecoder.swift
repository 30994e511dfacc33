/// What ncurses hands over, turned into keys: it decodes the escape sequences its terminfo
/// entry names (with `keypad` on); this decodes the ones it leaves as an ESC and the bytes
/// after it — those of another terminal than `TERM` says (tmux and screen send `ESC [1~` for
/// Home where xterm's entry has `ESC O H`), modified keys, bracketed paste — so that no such
/// sequence is ever taken for ESC and its bytes for keys. An unknown sequence is ignored whole;
/// ESC followed by a character (Alt and the key) is ignored; an ESC alone is ESC. The answers to
/// the questions the reader asks the terminal (`TerminalProbe.question`: kitty's `ESC _ G … ESC \`,
/// the cell size `ESC [ 6 ; h ; w t`, DA1 `ESC [ ? … c`) are replies, never keys.
///
/// Pure: fed what one drain of the input read, in order, it keeps a sequence cut across two
/// drains until the rest comes.
struct KeyDecoder {
    /// One thing `wget_wch` returned.
    enum Raw: Equatable {
        case character(UInt32)
        /// A key code and ncurses' name of it, asked for only when the code is not a plain key.
        case keyCode(Int32, name: @Sendable () -> String? = { nil })

        static func == (lhs: Raw, rhs: Raw) -> Bool {
            switch (lhs, rhs) {
            case (.character(let a), .character(let b)): a == b
            case (.keyCode(let a, _), .keyCode(let b, _)): a == b
            default: false
            }
        }
    }

    private enum State: Equatable {
        case ground
        /// After an ESC.
        case escape
        /// After `ESC [`: the parameter and intermediate bytes so far.
        case csi([UInt8])
        /// After `ESC O`.
        case ss3
        /// In a sequence too long to be a key's: its bytes are dropped up to its final one.
        case discarding
        /// After `ESC _` (an APC string, kitty's graphics reply): its bytes so far, and whether
        /// the last was an ESC (the string ends with `ESC \`).
        case string([UInt8], escaped: Bool)
    }

    private var state = State.ground
    /// Inside a bracketed paste (`ESC [200~` … `ESC [201~`): the text so far.
    private var paste: String?

    /// The longest sequence read before it is given up as noise.
    static let longestSequence = 32
    /// The longest string (APC) kept: a reply is a few dozen bytes; a longer one is dropped.
    static let longestString = 1024
    /// The most pasted text kept (the rest is dropped): a prompt needs no more.
    static let longestPaste = 64 * 1024

    /// The inputs `raw` completes, in order.
    mutating func feed(_ raw: Raw) -> [CursesKeys.Input] {
        switch raw {
        case .keyCode(let code, let name):
            // A key ncurses decoded ends whatever was pending: an ESC before it was ESC.
            let pending: [CursesKeys.Input] = state == .escape && paste == nil ? [.key(.escape)] : []
            state = .ground
            return pending + (paste == nil ? [CursesKeys.decode(keyCode: code, name: name)] : [])
        case .character(let value):
            return character(value)
        }
    }

    /// The end of what is available now: an ESC with nothing after it is the Escape key; a
    /// sequence under way waits for the rest.
    mutating func endOfInput() -> [CursesKeys.Input] {
        // `ESC _` and nothing after it was Alt and `_`; a kitty reply under way waits for its
        // end, but nothing else does (no string the reader did not ask for eats the keys after).
        if case .string(let bytes, _) = state, bytes.first != UInt8(ascii: "G") || bytes.count > Self.longestString {
            state = .ground
            return []
        }
        guard state == .escape else { return [] }
        state = .ground
        return paste == nil ? [.key(.escape)] : []
    }

    private mutating func character(_ value: UInt32) -> [CursesKeys.Input] {
        switch state {
        case .ground:
            if value == 27 {
                state = .escape
                return []
            }
            if paste != nil {
                appendPasted(value)
                return []
            }
            return [CursesKeys.decode(character: value)]
        case .escape:
            switch value {
            case UInt32(UInt8(ascii: "[")):
                state = .csi([])
            case UInt32(UInt8(ascii: "O")):
                state = .ss3
            case UInt32(UInt8(ascii: "_")):
                state = .string([], escaped: false)
            case 27:
                // ESC ESC: the first one stands alone.
                state = .escape
                return paste == nil ? [.key(.escape)] : []
            default:
                // Alt with a key: not a key of the reader's.
                state = .ground
            }
            return []
        case .ss3:
            state = .ground
            guard paste == nil else { return [] }
            return [Self.ss3(value).map(CursesKeys.Input.key) ?? .ignored]
        case .discarding:
            if value < 0x80, (0x20...0x3F).contains(UInt8(value)) { return [] }
            state = .ground
            return []
        case .string(var bytes, let escaped):
            if escaped {
                state = .ground
                // ESC \ ends it; anything else after the ESC drops it.
                guard value == UInt32(UInt8(ascii: "\\")), bytes.count <= Self.longestString, paste == nil else { return [] }
                return [.reply([0x1B, UInt8(ascii: "_")] + bytes + [0x1B, UInt8(ascii: "\\")])]
            }
            if value == 27 {
                state = .string(bytes, escaped: true)
            } else {
                if bytes.count <= Self.longestString, value < 0x80 { bytes.append(UInt8(value)) }
                state = .string(bytes, escaped: false)
            }
            return []
        case .csi(var bytes):
            guard value < 0x80 else {
                state = .ground
                return []
            }
            let byte = UInt8(value)
            if (0x20...0x3F).contains(byte) {
                bytes.append(byte)
                state = bytes.count > Self.longestSequence ? .discarding : .csi(bytes)
                return []
            }
            state = .ground
            guard (0x40...0x7E).contains(byte) else { return [] }
            return finishCSI(parameters: String(decoding: bytes, as: UTF8.self), final: byte)
        }
    }

    private mutating func finishCSI(parameters: String, final: UInt8) -> [CursesKeys.Input] {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first ?? nil
        if final == UInt8(ascii: "~") {
            switch first {
            case 200?:
                if paste == nil { paste = "" }
                return []
            case 201?:
                let text = paste ?? ""
                paste = nil
                return text.isEmpty ? [] : [.key(.paste(text))]
            default:
                break
            }
        }
        guard paste == nil else { return [] }
        // The answers to DA1 and to the cell size's question.
        if (final == UInt8(ascii: "c") && parameters.hasPrefix("?")) || final == UInt8(ascii: "t") {
            return [.reply([0x1B, UInt8(ascii: "[")] + Array(parameters.utf8) + [final])]
        }
        return [Self.csi(first: first, final: final).map(CursesKeys.Input.key) ?? .ignored]
    }

    /// `ESC [ … final` as xterm, tmux, screen, rxvt and the Linux console send them; a
    /// modifier (`ESC [1;5A`, Ctrl-Up) gives the plain key.
    static func csi(first: Int?, final: UInt8) -> KeyPress? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch first {
            case 1?, 7?: return .home
            case 4?, 8?: return .end
            case 3?: return .delete
            case 5?: return .pageUp
            case 6?: return .pageDown
            case let number? where (11...15).contains(number): return .function(number - 10)
            case let number? where (17...21).contains(number): return .function(number - 11)
            case let number? where (23...24).contains(number): return .function(number - 12)
            default: return nil  // Insert (2), F13 and beyond
            }
        default:
            return nil
        }
    }

    /// `ESC O final`: the cursor keys in application mode, F1–F4, the keypad's Enter.
    static func ss3(_ value: UInt32) -> KeyPress? {
        switch value {
        case UInt32(UInt8(ascii: "A")): .up
        case UInt32(UInt8(ascii: "B")): .down
        case UInt32(UInt8(ascii: "C")): .right
        case UInt32(UInt8(ascii: "D")): .left
        case UInt32(UInt8(ascii: "H")): .home
        case UInt32(UInt8(ascii: "F")): .end
        case UInt32(UInt8(ascii: "M")): .enter
        case UInt32(UInt8(ascii: "P"))...UInt32(UInt8(ascii: "S")): .function(Int(value) - Int(UInt8(ascii: "P")) + 1)
        default: nil
        }
    }

    private mutating func appendPasted(_ value: UInt32) {
        guard var text = paste, text.utf8.count < Self.longestPaste, let scalar = Unicode.Scalar(value) else { return }
        // A line break in pasted text is a space: a prompt is one line.
        if value == 10 || value == 13 || value == 9 {
            if text.last != " " { text.append(" ") }
        } else if value >= 0x20, !(0x7F..<0xA0).contains(value) {
            text.unicodeScalars.append(scalar)
        }
        paste = text
    }
}
