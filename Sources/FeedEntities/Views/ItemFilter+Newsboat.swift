extension ItemFilter {
    /// The query in newsboat's filter language (`NewsboatFilter` reads it back), for a query
    /// feed of an exported urls file. newsboat has no `not`: negations are pushed down to the
    /// comparisons (De Morgan), each written with its negated operator.
    /// - Throws: `NewsboatFilter.Untranslatable` for what newsboat cannot say: stars, ages
    ///   that are not whole days, a feed's number.
    public func newsboatFilter() throws(NewsboatFilter.Untranslatable) -> String {
        try newsboat(negated: false, top: true)
    }

    private func newsboat(negated: Bool, top: Bool) throws(NewsboatFilter.Untranslatable) -> String {
        func string(_ text: String) -> String {
            var quoted = "\""
            for character in text {
                if character == "\"" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            return quoted + "\""
        }
        /// A text as a POSIX extended expression that finds it.
        func pattern(_ text: String) -> String {
            var escaped = ""
            for character in text {
                if "^$.[]()*+?{}|\\".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return string(escaped)
        }
        func group(_ parts: [String], _ joiner: String) -> String {
            let text = parts.joined(separator: " \(joiner) ")
            return top || parts.count == 1 ? text : "(\(text))"
        }
        switch self {
        case .state(.unread): return "unread = \(negated ? "\"no\"" : "\"yes\"")"
        case .state(.read): return "unread = \(negated ? "\"yes\"" : "\"no\"")"
        case .state(let state): throw NewsboatFilter.Untranslatable("is:\(state.rawValue): newsboat has no stars")
        case .hasEnclosure: return "enclosure_url \(negated ? "=" : "!=") \"\""
        case .tag(let name): return "tags \(negated ? "!#" : "#") \(string(name))"
        case .feed(let text):
            if Int64(text) != nil { throw NewsboatFilter.Untranslatable("feed:\(text): newsboat does not number its feeds") }
            let op = negated ? "!~" : "=~"
            return group(["feedtitle \(op) \(pattern(text))", "rssurl \(op) \(pattern(text))"], negated ? "and" : "or")
        case .contains(let field, let text): return "\(field.rawValue) \(negated ? "!~" : "=~") \(pattern(text))"
        case .content(let words): return "content \(negated ? "!~" : "=~") \(pattern(words))"
        case .words(let term):
            // A word in the title or the text; a prefix (`kern*`) as the text it starts with.
            let word = term.hasSuffix("*") ? String(term.dropLast()) : term
            let text = word.hasPrefix("\"") && word.hasSuffix("\"") && word.count >= 2 ? String(word.dropFirst().dropLast()) : word
            let op = negated ? "!~" : "=~"
            return group(["title \(op) \(pattern(text))", "content \(op) \(pattern(text))"], negated ? "and" : "or")
        case .newer(let seconds): return "age \(negated ? ">=" : "<") \(try Self.days(seconds, "newer"))"
        case .older(let seconds): return "age \(negated ? "<" : ">=") \(try Self.days(seconds, "older"))"
        case .not(let inner): return try inner.newsboat(negated: !negated, top: top)
        case .all(let terms):
            let parts = try terms.map { term throws(NewsboatFilter.Untranslatable) in try term.newsboat(negated: negated, top: false) }
            return group(parts, negated ? "or" : "and")
        case .any(let terms):
            let parts = try terms.map { term throws(NewsboatFilter.Untranslatable) in try term.newsboat(negated: negated, top: false) }
            return group(parts, negated ? "and" : "or")
        }
    }

    /// newsboat's ages are whole days.
    private static func days(_ seconds: Int, _ field: String) throws(NewsboatFilter.Untranslatable) -> Int {
        guard seconds % 86_400 == 0 else {
            throw NewsboatFilter.Untranslatable("\(field):\(duration(seconds)): newsboat counts an item's age in whole days")
        }
        return seconds / 86_400
    }
}
