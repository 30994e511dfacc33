extension NewsboatFilter {
    // MARK: - Comparisons

    /// One comparison as a term of the query.
    static func comparison(_ attribute: String, _ op: String, _ value: Token) throws(Untranslatable) -> ItemFilter {
        let shown = "'\(attribute) \(op) \(value.shown)'"
        let text: String? = switch value {
        case .string(let string): string
        case .number(let number): String(number)
        default: nil
        }
        let equality = op == "=" || op == "=="
        switch attribute {
        case "unread":
            guard let text, ["yes", "no"].contains(text), equality || op == "!=" else {
                throw Untranslatable("\(shown): unread is compared with = or != to \"yes\" or \"no\"")
            }
            return .state((text == "yes") == equality ? .unread : .read)
        case "tags":
            guard let text, op == "#" || op == "!#", !text.isEmpty else {
                throw Untranslatable("\(shown): tags are asked with # or !# and a tag")
            }
            return op == "#" ? .tag(text) : .not(.tag(text))
        case "title", "author", "link":
            let field = ItemFilter.TextField(rawValue: attribute) ?? .title
            guard let text, op == "=~" || op == "!~" else {
                throw Untranslatable("\(shown): Tidings finds text in a \(attribute) (=~ and !~), it does not compare the whole of it")
            }
            let literal = try Self.literal(of: text, in: shown)
            return op == "=~" ? .contains(field, literal) : .not(.contains(field, literal))
        case "content", "description":
            guard let text, op == "=~" || op == "!~" else {
                throw Untranslatable("\(shown): Tidings finds words in the content (=~ and !~), it does not compare the whole of it")
            }
            let words = try Self.literal(of: text, in: shown)
            guard words.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " }) else {
                throw Untranslatable("\(shown): the content is searched for words, and this is more than words")
            }
            return op == "=~" ? .content(words) : .not(.content(words))
        case "feedtitle", "rssurl", "feedurl":
            let pattern = op == "=~" || op == "!~"
            let allowed = pattern || (attribute != "feedtitle" && (equality || op == "!="))
            guard let text, allowed else {
                throw Untranslatable(attribute == "feedtitle"
                    ? "\(shown): Tidings finds text in a feed's title (=~, !~), it does not compare the whole of it"
                    : "\(shown): a feed's URL is matched with =~, !~, = or !=")
            }
            guard !text.isEmpty else { throw Untranslatable("\(shown): a feed's URL is never empty") }
            let feed = ItemFilter.feed(pattern ? try Self.literal(of: text, in: shown) : text)
            return op == "!~" || op == "!=" ? .not(feed) : feed
        case "age":
            return try age(op, value, shown: shown)
        case "enclosure_url":
            guard text == "", equality || op == "!=" else {
                throw Untranslatable("\(shown): Tidings asks whether an item has an enclosure (enclosure_url != \"\"), not what its URL is")
            }
            return equality ? .not(.hasEnclosure) : .hasEnclosure
        default:
            throw Untranslatable("\(shown): newsboat's '\(attribute)' has no counterpart in Tidings' queries")
        }
    }

    /// `age` in whole days as `newer:` and `older:`: newsboat's age is the whole days since the
    /// item's date, so `age <= 7` is younger than 8 days.
    private static func age(_ op: String, _ value: Token, shown: String) throws(Untranslatable) -> ItemFilter {
        let day = 86_400
        let limit = 36_500  // a century: past it a duration is no age
        func days(_ number: Int) throws(Untranslatable) -> Int {
            guard (0...limit).contains(number) else { throw Untranslatable("\(shown): an age is 0 to \(limit) days") }
            return number
        }
        switch (op, value) {
        case ("between", .range(let low, let high)):
            let (a, b) = (try days(min(low, high)), try days(max(low, high)))
            let newer = ItemFilter.newer(seconds: (b + 1) * day)
            return a == 0 ? newer : .all([.older(seconds: a * day), newer])
        case ("<", .number(let n)):
            guard try days(n) > 0 else { throw Untranslatable("\(shown): no item is younger than 0 days") }
            return .newer(seconds: n * day)
        case ("<=", .number(let n)): return .newer(seconds: (try days(n) + 1) * day)
        case (">", .number(let n)): return .older(seconds: (try days(n) + 1) * day)
        case (">=", .number(let n)):
            guard try days(n) > 0 else { throw Untranslatable("\(shown): every item is; leave it out") }
            return .older(seconds: n * day)
        case ("=", .number(let n)), ("==", .number(let n)):
            let n = try days(n)
            return n == 0 ? .newer(seconds: day) : .all([.older(seconds: n * day), .newer(seconds: (n + 1) * day)])
        default:
            throw Untranslatable("\(shown): an age is compared with <, <=, >, >=, = or between and a number of days")
        }
    }

    /// The text a regular expression finds when it is only text: letters, digits, spaces and
    /// punctuation without meaning in a POSIX extended expression, `\` before one that has it,
    /// and `.` between two other characters (`lwn.net`), which always means itself there.
    static func literal(of pattern: String, in shown: String) throws(Untranslatable) -> String {
        var literal = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "\\" {
                guard index < characters.count, !characters[index].isLetter, !characters[index].isNumber else {
                    throw Untranslatable("\(shown): the regular expression is more than text (\\ before a letter or at the end)")
                }
                literal.append(characters[index])
                index += 1
            } else if character == ".", index > 1, index < characters.count, characters[index] != "*", characters[index] != "+" {
                literal.append(character)
            } else if "^$.[]()*+?{}|".contains(character) {
                throw Untranslatable("\(shown): the regular expression is more than text ('\(character)'); Tidings finds text, not patterns")
            } else {
                literal.append(character)
            }
        }
        guard !literal.isEmpty else { throw Untranslatable("\(shown): the text to find is empty") }
        return literal
    }
}
