/// The markers of list items: bullets for `<ul>`, numbers in the style `<ol type>` asks for.
enum ListMarker {
    /// Numbering styles of `<ol type="1|a|A|i|I">`.
    enum Numbering {
        case decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman

        init(typeAttribute: String?) {
            switch typeAttribute?.trimmingASCIIWhitespace() {
            case "a": self = .lowerAlpha
            case "A": self = .upperAlpha
            case "i": self = .lowerRoman
            case "I": self = .upperRoman
            default: self = .decimal
            }
        }
    }

    /// The bullet of an unordered list nested `depth` lists deep (0 for the outermost).
    static func bullet(depth: Int) -> String {
        ["•", "◦", "▪"][depth % 3]
    }

    /// `number` in `style`, followed by a period ("3.", "c.", "iii."). Letters and roman
    /// numerals fall back to decimal where they cannot write the number (zero, negative, huge).
    static func ordinal(_ number: Int, _ style: Numbering) -> String {
        let text: String
        switch style {
        case .decimal: text = String(number)
        case .lowerAlpha: text = alphabetic(number) ?? String(number)
        case .upperAlpha: text = alphabetic(number)?.uppercased() ?? String(number)
        case .lowerRoman: text = roman(number) ?? String(number)
        case .upperRoman: text = roman(number)?.uppercased() ?? String(number)
        }
        return text + "."
    }

    /// a, b, …, z, aa, ab, … (bijective base 26, as CSS `lower-alpha`).
    private static func alphabetic(_ number: Int) -> String? {
        guard number > 0 else { return nil }
        var remaining = number
        var letters: [UInt8] = []
        while remaining > 0 {
            remaining -= 1
            letters.append(UInt8(ascii: "a") + UInt8(remaining % 26))
            remaining /= 26
        }
        return String(decoding: letters.reversed(), as: UTF8.self)
    }

    private static func roman(_ number: Int) -> String? {
        guard (1...3999).contains(number) else { return nil }
        let values: [(Int, String)] = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]
        var remaining = number
        var text = ""
        for (value, letters) in values {
            while remaining >= value {
                text += letters
                remaining -= value
            }
        }
        return text
    }
}
