/// The small decisions of `CleanArticleWriter`: which heading repeats the title, which
/// attributes a kept block keeps, how text and attribute values are written.
extension CleanArticleWriter {
    func repeatsTitle(_ node: Int) -> Bool {
        guard let title, !title.isEmpty else { return false }
        var words: [UInt8] = []
        Self.collectText(node, in: tree, into: &words)
        let heading = Self.normalized(String(decoding: words, as: UTF8.self))
        return !heading.isEmpty && (heading == title || (heading.count >= 15 && title.contains(heading)))
    }

    func blockAttributes(_ node: Int, tag: PageTag) -> String {
        var attributes = ""
        switch tag {
        case .td, .th:
            for (key, value) in [("colspan", tree.attribute(.colspan, of: node)), ("rowspan", tree.attribute(.rowspan, of: node))] {
                if let number = value.flatMap({ Int($0) }), number > 1, number < 1000 { attributes += " \(key)=\"\(number)\"" }
            }
        case .ol:
            if let start = tree.attribute(.start, of: node), let number = Int(start) { attributes += " start=\"\(number)\"" }
        case .pre:
            if let language = language(of: node) { attributes += " class=\"language-\(Self.escaped(language))\"" }
        default: break
        }
        return attributes
    }

    /// The language a code block names in its `class` (`language-swift`, `lang-py`), if any.
    func language(of node: Int) -> String? {
        guard let classes = tree.attribute(.class, of: node) else { return nil }
        for word in classes.split(separator: " ") {
            for prefix in ["language-", "lang-"] where word.hasPrefix(prefix) {
                let name = word.dropFirst(prefix.count)
                if !name.isEmpty, name.count <= 32, name.allSatisfy({ $0.isLetter || $0.isNumber || "+-#_.".contains($0) }) {
                    return String(name)
                }
            }
        }
        return nil
    }

    /// The text under `node`, a space after each text node, up to about 4 KB.
    static func collectText(_ node: Int, in tree: PageTree, into bytes: inout [UInt8]) {
        var child = tree.firstChild(node)
        while child != PageTree.none, bytes.count < 4096 {
            if tree.isText(child) {
                tree.withText(child) { bytes.append(contentsOf: $0) }
                bytes.append(0x20)
            } else if !tree.tag(child).isSkipped {
                collectText(child, in: tree, into: &bytes)
            }
            child = tree.next(child)
        }
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).joined(separator: " ")
    }

    /// `value` with `&`, `<`, `>` and `"` escaped: fit for text and for a quoted attribute.
    static func escaped(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
