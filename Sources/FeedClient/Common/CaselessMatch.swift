/// Where a text is found in another, in any case: character by character, each lowercased, so
/// that a match's range is in the searched text's own characters (a lowercase form may be
/// longer or shorter than the original). Without Foundation, which the client does not link.
enum CaselessMatch {
    /// The ranges of `needle` in `text`, in order, not overlapping; none for an empty needle.
    static func ranges(of needle: String, in text: Substring) -> [Range<String.Index>] {
        let wanted = needle.map { $0.lowercased() }
        guard !wanted.isEmpty else { return [] }
        var found: [Range<String.Index>] = []
        var start = text.startIndex
        while start < text.endIndex {
            var index = start
            var matched = 0
            while matched < wanted.count, index < text.endIndex, text[index].lowercased() == wanted[matched] {
                matched += 1
                index = text.index(after: index)
            }
            if matched == wanted.count {
                found.append(start..<index)
                start = index
            } else {
                start = text.index(after: start)
            }
        }
        return found
    }

    /// Whether `needle` is in `text`, in any case.
    static func contains(_ needle: String, in text: String) -> Bool {
        !ranges(of: needle, in: text[...]).isEmpty
    }
}
