import Foundation

/// Turns what people type into `tidings search` into an FTS5 query that cannot be a syntax
/// error: every word becomes a quoted string, so `C++`, `don't`, `AND`, `near` or a stray `"`
/// are searched for as words instead of being read as FTS5 operators.
///
/// Understood: `"a phrase"`, `prefix*`, `OR` between two terms, and `-word` to exclude a word.
/// Terms are otherwise all required (AND), as in every search box.
public enum SearchExpression {
    /// The FTS5 query, or `nil` when `text` holds no word to look for (only exclusions, or
    /// nothing at all).
    public static func fts5(from text: String) -> String? {
        var required: [String] = []
        var excluded: [String] = []
        var pendingOr = false
        for token in tokens(in: text) {
            if !token.quoted, token.text == "OR" {
                pendingOr = !required.isEmpty
                continue
            }
            var word = token.text
            let negated = !token.quoted && word.hasPrefix("-") && word.count > 1
            if negated { word.removeFirst() }
            let prefix = !token.quoted && word.hasSuffix("*") && word.count > 1
            if prefix { word.removeLast() }
            // FTS5's tokenizer drops punctuation; a term of punctuation only would match nothing
            // and, quoted, is an empty phrase, which FTS5 rejects.
            guard word.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
            else { continue }
            let term = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (prefix ? "*" : "")
            if negated {
                excluded.append(term)
            } else if pendingOr, let last = required.popLast() {
                required.append("(\(last) OR \(term))")
            } else {
                required.append(term)
            }
            pendingOr = false
        }
        guard !required.isEmpty else { return nil }
        return (required + excluded.map { "NOT " + $0 }).joined(separator: " ")
    }

    private struct Token {
        var text: String
        var quoted: Bool
    }

    /// Words split on whitespace, with `"…"` grouping a phrase (an unclosed quote runs to the end).
    private static func tokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inQuote = false
        for character in text {
            if character == "\"" {
                if inQuote || !current.isEmpty {
                    if !current.isEmpty { tokens.append(Token(text: current, quoted: inQuote)) }
                    current = ""
                }
                inQuote.toggle()
            } else if character.isWhitespace, !inQuote {
                if !current.isEmpty { tokens.append(Token(text: current, quoted: false)) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(Token(text: current, quoted: inQuote)) }
        return tokens
    }
}
