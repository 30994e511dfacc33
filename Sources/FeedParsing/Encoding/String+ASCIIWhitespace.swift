/// Trimming without Foundation's character sets, for names and values read from documents.
extension String {
    /// The string without leading and trailing ASCII whitespace (space, tab, CR, LF).
    func trimmingASCIIWhitespace() -> String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { !$0.isASCIIWhitespace }) else { return "" }
        let last = utf8.lastIndex(where: { !$0.isASCIIWhitespace })!
        if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return self }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
