/// Where an article's pictures go: below the line whose text holds their link number.
enum ArticlePictures {
    /// The most pictures drawn for one article: beyond them, the text form.
    static let most = 24

    /// The link numbers in `text` (`[2]` in `[image: alt][2]`), in order.
    static func references(in text: String) -> [Int] {
        var numbers: [Int] = []
        var digits: Int?
        for character in text.unicodeScalars {
            switch character {
            case "[": digits = 0
            case "]":
                if let number = digits, number > 0 { numbers.append(number) }
                digits = nil
            case "0"..."9":
                if let value = digits { digits = value <= 100_000 ? value * 10 + Int(character.value - 48) : nil }
            default: digits = nil
            }
        }
        return numbers
    }

    /// A kitty image id for a picture's data (FNV-1a, 31 bits, never 0): the same picture
    /// shown again, by this screen or another, is the image the terminal already holds.
    static func id(of data: String) -> Int {
        var hash: UInt32 = 0x811c_9dc5
        for byte in data.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash & 0x7FFF_FFFF) | 1
    }
}
