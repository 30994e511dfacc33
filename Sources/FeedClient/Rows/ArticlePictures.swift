/// Where an article's pictures go: below the line whose text holds their link number.
enum ArticlePictures {
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
}
