/// One level of block mapping under a top-level key, for the config's `keys:`:
///
/// ```yaml
/// keys:
///   open-in-browser: O
///   down: [j, DOWN, "^N"]
/// ```
///
/// Each entry is `name: value` on one line, all at the same indentation, its value a scalar
/// (plain or quoted, as `value(of:)` reads them) or a flow list of such scalars closed on the
/// same line. Anything else — a deeper level, an empty value, a block list, an indicator
/// character that YAML would read otherwise (`*`, `?`, `&`… unquoted), a name given twice — is
/// unreadable at its line rather than guessed at.
extension TopLevelScalars {
    /// One `name: value` line of the mapping; `values` has one element for a scalar.
    struct Entry: Equatable {
        var name: String
        var values: [String]
        var line: Int
    }

    /// The entries under the last top-level `key:`, in file order; `nil` when there is no such
    /// key or its value is `~` or `null`; empty when nothing is indented under it.
    /// - Throws: `Unreadable` at the first line written in a form this reader does not take.
    func mapping(of key: String) throws(Unreadable) -> [Entry]? {
        var start: Int?
        var isNull = false
        for (index, rest) in occurrences(of: key) {
            let value = try Self.scalar(rest, line: index + 1)
            guard value.text == nil || (value.plain && (value.text == "~" || value.text == "null")) else {
                throw Unreadable(line: index + 1)
            }
            start = index
            isNull = value.text != nil
        }
        guard let start, !isNull else { return nil }
        var entries: [Entry] = []
        var indentation: Int?
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            let content = line.drop(while: Self.isBlank)
            if content.isEmpty || content.first == "#" { continue }
            let indent = line.count - content.count
            if indent == 0 { break }
            guard !line.prefix(indent).contains("\t"), indent == (indentation ?? indent) else { throw Unreadable(line: index + 1) }
            indentation = indent
            let entry = try Self.entry(content, line: index + 1)
            if entries.contains(where: { $0.name == entry.name }) { throw Unreadable(line: index + 1) }
            entries.append(entry)
        }
        return entries
    }

    /// `name: value` without its indentation.
    private static func entry(_ text: Substring, line: Int) throws(Unreadable) -> Entry {
        let name: String
        let afterColon: Substring
        if text.first == "'" || text.first == "\"" {
            // A quoted name (`"*": [toggle-star]` under `macros:`), then its colon.
            let (quoted, rest) = text.first == "'"
                ? try singleQuotedPrefix(text.dropFirst(), line: line) : try doubleQuotedPrefix(text.dropFirst(), line: line)
            let colon = rest.drop(while: isBlank)
            guard colon.first == ":" else { throw Unreadable(line: line) }
            name = quoted
            afterColon = colon.dropFirst()
            guard !name.isEmpty, afterColon.first.map(isBlank) == true else { throw Unreadable(line: line) }
        } else {
            guard let colon = text.firstIndex(where: { $0 == ":" }) else { throw Unreadable(line: line) }
            name = withoutTrailingBlanks(text[..<colon])
            afterColon = text[text.index(after: colon)...]
            guard !name.isEmpty, !startsWithIndicator(Substring(name), flow: false),
                  afterColon.first.map(isBlank) == true
            else { throw Unreadable(line: line) }
        }
        let value = afterColon.drop(while: isBlank)
        if value.first == "[" { return Entry(name: name, values: try flowList(value.dropFirst(), line: line), line: line) }
        let quoted = value.first == "'" || value.first == "\""
        guard quoted || !startsWithIndicator(value, flow: false) else { throw Unreadable(line: line) }
        let scalar = try scalar(value, line: line)
        // Empty, or YAML's null: no key name.
        guard let text = scalar.text, !(scalar.plain && (text == "~" || text == "null")) else { throw Unreadable(line: line) }
        return Entry(name: name, values: [text], line: line)
    }

    /// The items of `[a, 'b', "c"]` after its `[`; only blanks and a comment may follow the `]`.
    private static func flowList(_ text: Substring, line: Int) throws(Unreadable) -> [String] {
        var items: [String] = []
        var rest = text.drop(while: isBlank)
        if rest.first == "]" {
            try expectEnd(rest.dropFirst(), line: line)
            return []
        }
        while true {
            let item: String
            switch rest.first {
            case "'"?:
                (item, rest) = try singleQuotedPrefix(rest.dropFirst(), line: line)
            case "\""?:
                (item, rest) = try doubleQuotedPrefix(rest.dropFirst(), line: line)
            default:
                guard !startsWithIndicator(rest, flow: true) else { throw Unreadable(line: line) }
                let end = rest.firstIndex { $0 == "," || $0 == "]" } ?? rest.endIndex
                item = withoutTrailingBlanks(rest[..<end])
                guard !item.isEmpty, item != "~", item != "null", !item.contains(" #"), !item.contains("\t#") else {
                    throw Unreadable(line: line)
                }
                rest = rest[end...]
            }
            items.append(item)
            rest = rest.drop(while: isBlank)
            switch rest.first {
            case ","?:
                rest = rest.dropFirst().drop(while: isBlank)
            case "]"?:
                try expectEnd(rest.dropFirst(), line: line)
                return items
            default:
                throw Unreadable(line: line)
            }
        }
    }

    /// Whether a plain scalar cannot start here: YAML reads these characters as something else
    /// (an alias, a tag, a nested collection, a list item, a complex key, a quoted scalar), so
    /// a key such as `*` or `?` must be quoted.
    private static func startsWithIndicator(_ text: Substring, flow: Bool) -> Bool {
        guard let first = text.first else { return true }
        if "[]{},#&*!|>%@`'\"".contains(first) { return true }
        if "?-:".contains(first) {
            let next = text.dropFirst().first
            return next == nil || isBlank(next!) || (flow && (next == "," || next == "]"))
        }
        return false
    }
}
