/// Item numbers as people type them after `read`, `unread`, `star` and `unstar`: single numbers,
/// ranges and comma-separated lists, in any mix (`3 5 8-10`, `3,5,8-10`, `12`).
///
/// Pure: the commands turn a thrown `Problem` into a usage error.
public enum ItemNumbers {
    /// The most numbers one command may name. It keeps a request well under the daemon's 1 MiB
    /// line limit and stops `1-999999999` from allocating before anything is sent.
    public static let limit = 100_000

    /// Why arguments are not item numbers; `description` is the usage error's text.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// No numbers at all.
        case empty
        /// Not a number or a range of numbers.
        case notANumber(String)
        /// `0` or a negative number.
        case notPositive(String)
        /// `7-3`.
        case reversedRange(String)
        /// One range, or all the numbers together, beyond `limit`.
        case tooMany(String?, count: Int)

        public var description: String {
            switch self {
            case .empty:
                "no item numbers given"
            case .notANumber(let text):
                "'\(text)' is not an item number or range (such as 12, 3-7 or 3,5,8-10)"
            case .notPositive(let text):
                "item numbers start at 1: '\(text)'"
            case .reversedRange(let text):
                "'\(text)' is a reversed range: write the smaller number first"
            case .tooMany(let range?, let count):
                "the range '\(range)' names \(count) items; at most \(ItemNumbers.limit) at once"
            case .tooMany(nil, let count):
                "\(count) item numbers given; at most \(ItemNumbers.limit) at once"
            }
        }
    }

    /// The numbers `arguments` name, ascending, each once.
    /// - Throws: `Problem` for the first argument that is not a number, range or list of them,
    ///   and when they name more than `limit` numbers in all.
    public static func parse(_ arguments: [String]) throws(Problem) -> [Int64] {
        var numbers = Set<Int64>()
        for argument in arguments {
            for piece in argument.split(separator: ",", omittingEmptySubsequences: false) {
                let text = trimmed(piece)
                guard !text.isEmpty else { throw .notANumber(argument) }
                let range = try self.range(text)
                let count = Int(range.upperBound - range.lowerBound) + 1
                // Checked per range before inserting, so a huge range is refused without work.
                if range.upperBound - range.lowerBound >= Int64(limit) { throw .tooMany(String(text), count: count) }
                numbers.formUnion(range)
                if numbers.count > limit { throw .tooMany(nil, count: numbers.count) }
            }
        }
        guard !numbers.isEmpty else { throw .empty }
        return numbers.sorted()
    }

    /// One number (`12`) or range (`3-7`) as a closed range.
    private static func range(_ text: Substring) throws(Problem) -> ClosedRange<Int64> {
        if text.first == "-" {
            // `-3` reads as a negative number; `-` alone or `-x` is just not a number.
            let rest = text.dropFirst()
            let isNumber = !rest.isEmpty && rest.utf8.allSatisfy { (0x30...0x39).contains($0) }
            throw isNumber ? .notPositive(String(text)) : .notANumber(String(text))
        }
        let bounds = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = try bounds.map { bound throws(Problem) -> Int64 in
            // Digits only: `Int64("+5")` would accept a sign.
            let digits = trimmed(bound)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int64(digits)
            else { throw .notANumber(String(text)) }
            guard number >= 1 else { throw .notPositive(String(text)) }
            return number
        }
        if numbers.count == 1 { return numbers[0]...numbers[0] }
        guard numbers[0] <= numbers[1] else { throw .reversedRange(String(text)) }
        return numbers[0]...numbers[1]
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var start = text.startIndex
        var end = text.endIndex
        while start < end, text[start].isWhitespace { start = text.index(after: start) }
        while end > start, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        return text[start..<end]
    }
}
