/// What a terminal answered to `TerminalProbe`'s questions, read from the bytes it sent back:
/// kitty's graphics reply (`ESC _ G i=31 ; OK ESC \`), the primary device attributes (DA1,
/// `ESC [ ? 62 ; 4 ; … c`, where 4 is sixel graphics), and the cell size in pixels
/// (`ESC [ 6 ; height ; width t`, the answer to `CSI 16 t`).
struct TerminalReplies: Equatable {
    var kittyGraphics = false
    var sixel = false
    var cell: (width: Int, height: Int)?
    /// The DA1 reply came: every terminal sends it, and after the other answers, so nothing
    /// more is to be waited for.
    var complete = false

    /// The id `TerminalProbe` asks kitty's graphics protocol with.
    static let queryID = 31

    static func == (lhs: TerminalReplies, rhs: TerminalReplies) -> Bool {
        lhs.kittyGraphics == rhs.kittyGraphics && lhs.sixel == rhs.sixel && lhs.complete == rhs.complete
            && lhs.cell?.width == rhs.cell?.width && lhs.cell?.height == rhs.cell?.height
    }

    /// The replies in `bytes`, which may hold other input (keys typed meanwhile) around them.
    init(parsing bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "_"):
                // APC … ST: a kitty graphics reply.
                let end = Self.stringTerminator(in: bytes, from: index + 2) ?? bytes.count
                let body = String(decoding: bytes[(index + 2)..<min(end, bytes.count)], as: UTF8.self)
                if body.hasPrefix("G"), body.contains("i=\(Self.queryID)"), body.hasSuffix(";OK") { kittyGraphics = true }
                index = end
            case UInt8(ascii: "["):
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                switch bytes[end] {
                case UInt8(ascii: "c") where parameters.hasPrefix("?"):
                    complete = true
                    sixel = parameters.dropFirst().split(separator: ";").contains("4")
                case UInt8(ascii: "t"):
                    let fields = parameters.split(separator: ";").compactMap { Int($0) }
                    if fields.count == 3, fields[0] == 6, fields[1] > 0, fields[2] > 0 { cell = (fields[2], fields[1]) }
                default:
                    break
                }
                index = end + 1
            default:
                index += 1
            }
        }
    }

    /// What `bytes` (a reply read apart, as the reader's key decoder passes them on) adds.
    mutating func absorb(_ bytes: [UInt8]) {
        let more = TerminalReplies(parsing: bytes)
        kittyGraphics = kittyGraphics || more.kittyGraphics
        sixel = sixel || more.sixel
        cell = more.cell ?? cell
        complete = complete || more.complete
    }

    /// The index just past the `ESC \` that ends a string begun before `start`, or `nil`.
    private static func stringTerminator(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }
}
