/// Reads the config's `colors:` as newsboat's `color` command reads its arguments: per
/// element, a foreground, a background and attributes, in that order.
///
/// ```yaml
/// colors:
///   listfocus: black yellow bold
///   article: color250 default
///   heading: [cyan, default, bold, underline]
/// ```
///
/// A colour is `default` (the one beneath: the row's, then `background`'s, then the
/// terminal's), one of the eight names, or `color0`…`color255`; the background may be left
/// out. An element given replaces its default look whole. Every mistake names the file, the
/// line and the valid names.
struct ReaderColorsParser {
    let path: String

    func palette(_ entries: [TopLevelScalars.Entry]) throws(ClientSettingsError) -> ScreenPalette {
        var looks: [ScreenElement: TextLook] = [:]
        for entry in entries {
            guard let element = ScreenElement(rawValue: entry.name) else {
                throw invalid(entry, "unknown element `\(entry.name)` (one of: \(ScreenElement.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let words = entry.values.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
            guard !words.isEmpty else { throw invalid(entry, "`\(entry.name)` takes a foreground colour, a background colour and attributes") }
            var look = TextLook(attributes: [])
            for (index, word) in words.enumerated() {
                switch index {
                case 0, 1:
                    guard let color = Self.color(word) else {
                        // A background left out: the second word may already be an attribute.
                        if index == 1, let attribute = Self.attributes[word.lowercased()] {
                            look.attributes.insert(attribute)
                            continue
                        }
                        throw invalid(entry, "`\(word)` is not a colour (\(Self.colorNames))")
                    }
                    if index == 0 { look.foreground = color.index } else { look.background = color.index }
                default:
                    guard let attribute = Self.attributes[word.lowercased()] else {
                        throw invalid(entry, "`\(word)` is not an attribute (one of: \(Self.attributeNames))")
                    }
                    look.attributes.insert(attribute)
                }
            }
            looks[element] = look
        }
        return ScreenPalette(looks)
    }

    static let namedColors = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    static var colorNames: String {
        "default, " + namedColors.joined(separator: ", ") + ", or color0 to color255"
    }

    /// newsboat's attribute names (and `italic`, which ncurses has since 5.9).
    static let attributes: [String: TextLook.Attributes] = [
        "bold": .bold, "dim": .dim, "reverse": .reverse, "underline": .underline, "standout": .standout, "blink": .blink,
        "italic": .italic, "invis": .invisible, "protect": .protect,
    ]

    static var attributeNames: String {
        ["standout", "underline", "reverse", "blink", "dim", "bold", "protect", "invis", "italic"].joined(separator: ", ")
    }

    /// A colour as a word names it: `index` is `nil` for `default`.
    struct Color: Equatable {
        var index: UInt8?
    }

    /// The colour `word` names; `nil` when it names none.
    static func color(_ word: String) -> Color? {
        let lowered = word.lowercased()
        if lowered == "default" { return Color(index: nil) }
        if let index = namedColors.firstIndex(of: lowered) { return Color(index: UInt8(index)) }
        guard lowered.hasPrefix("color"), case let digits = lowered.dropFirst(5), !digits.isEmpty, digits.count <= 3,
              digits.allSatisfy(\.isASCII), let number = Int(digits), (0...255).contains(number)
        else { return nil }
        return Color(index: UInt8(number))
    }

    private func invalid(_ entry: TopLevelScalars.Entry, _ message: String) -> ClientSettingsError {
        .invalidSetting(path: path, line: entry.line, section: "colors", message: message)
    }
}
