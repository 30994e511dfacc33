extension NewsboatFilter {
    // MARK: - Tokens

    enum Token: Equatable {
        case open, close
        case word(String)
        case op(String)
        case string(String)
        case number(Int)
        case range(Int, Int)

        var shown: String {
            switch self {
            case .open: "'('"
            case .close: "')'"
            case .word(let word): "'\(word)'"
            case .op(let op): "'\(op)'"
            case .string(let text): "\"\(text)\""
            case .number(let number): "\(number)"
            case .range(let low, let high): "\(low):\(high)"
            }
        }
    }

    static let operators = ["==", "!=", "=~", "!~", "<=", ">=", "!#", "=", "<", ">", "#"]

    static func tokens(of text: String) throws(Untranslatable) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "(" || character == ")" {
                tokens.append(character == "(" ? .open : .close)
                index += 1
            } else if character == "\"" {
                var value = ""
                index += 1
                while true {
                    guard index < characters.count else { throw Untranslatable("a string is not closed: add the '\"'") }
                    let next = characters[index]
                    index += 1
                    if next == "\"" { break }
                    if next == "\\", index < characters.count {
                        // `\"` and `\\` are the string's own escapes; any other stays, for
                        // the regular expression (`"C\+\+"`).
                        if characters[index] != "\"" && characters[index] != "\\" { value.append("\\") }
                        value.append(characters[index])
                        index += 1
                    } else {
                        value.append(next)
                    }
                }
                tokens.append(.string(value))
            } else if character.isASCII, character.isNumber || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber) {
                var end = index + 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                let first = Int(String(characters[index..<end])) ?? Int.max
                if end < characters.count, characters[end] == ":" {
                    var last = end + 1
                    while last < characters.count, characters[last].isASCII, characters[last].isNumber { last += 1 }
                    guard last > end + 1, let second = Int(String(characters[(end + 1)..<last])) else {
                        throw Untranslatable("a range is two numbers, such as 2:7")
                    }
                    tokens.append(.range(first, second))
                    index = last
                } else {
                    tokens.append(.number(first))
                    index = end
                }
            } else if character.isLetter || character == "_" {
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || "_-.".contains(characters[end]) { end += 1 }
                tokens.append(.word(String(characters[index..<end])))
                index = end
            } else if let op = operators.first(where: { op in characters[index...].starts(with: op) }) {
                tokens.append(.op(op))
                index += op.count
            } else {
                throw Untranslatable("'\(character)' is no part of newsboat's filter language")
            }
        }
        return tokens
    }
}
