@testable import FeedClient

/// Records what Views write.
final class TerminalSpy: Terminal {
    private(set) var out = ""
    private(set) var err = ""
    /// What went through `writePaged` (also appended to `out`).
    private(set) var paged = ""
    let isTTY: Bool
    let width: Int
    let height: Int
    let usesColor: Bool

    init(isTTY: Bool = false, width: Int = 80, height: Int = 24, usesColor: Bool = false) {
        self.isTTY = isTTY
        self.width = width
        self.height = height
        self.usesColor = usesColor
    }

    func write(_ text: String) { out += text }
    func writePaged(_ text: String) {
        paged += text
        out += text
    }
    func writeError(_ text: String) { err += text }

    var outLines: [Substring] { out.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    var errLines: [Substring] { err.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    /// Scalars a terminal would interpret: controls other than newline and tab, C1, bidi.
    var dangerousScalars: [Unicode.Scalar] {
        (out + err).unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
            default: false
            }
        }
    }
}
