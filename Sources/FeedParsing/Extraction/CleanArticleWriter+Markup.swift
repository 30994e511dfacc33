/// The small decisions of `CleanArticleWriter`: which heading repeats the title, which
/// attributes a kept block keeps, how text and attribute values are written.
extension CleanArticleWriter {
    func repeatsTitle(_ node: HTMLNode) -> Bool {
        guard let title, !title.isEmpty else { return false }
        var words: [UInt8] = []
        Self.collectText(node, into: &words)
        let heading = Self.normalized(String(decoding: words, as: UTF8.self))
        return !heading.isEmpty && (heading == title || (heading.count >= 15 && title.contains(heading)))
    }

    func blockAttributes(_ node: HTMLNode, name: String) -> String {
        var attributes = ""
        switch name {
        case "td", "th":
            for (key, value) in [("colspan", node.attribute("colspan")), ("rowspan", node.attribute("rowspan"))] {
                if let number = value.flatMap({ Int($0) }), number > 1, number < 1000 { attributes += " \(key)=\"\(number)\"" }
            }
        case "ol":
            if let start = node.attribute("start"), let number = Int(start) { attributes += " start=\"\(number)\"" }
        case "pre":
            if let language = Self.language(of: node) { attributes += " class=\"language-\(Self.escaped(language))\"" }
        default: break
        }
        return attributes
    }

    /// The language a code block names in its `class` (`language-swift`, `lang-py`), if any.
    static func language(of node: HTMLNode) -> String? {
        guard let classes = node.attribute("class") else { return nil }
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

    static func collectText(_ node: HTMLNode, into bytes: inout [UInt8]) {
        var child = node.firstChild
        while let current = child, bytes.count < 4096 {
            if current.isText { bytes.append(contentsOf: current.textBytes); bytes.append(0x20) }
            else if current.isElement, !NodeStatistics.isSkipped(name: current.name) { collectText(current, into: &bytes) }
            child = current.nextSibling
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
