extension StringProtocol {
    /// The text without leading and trailing whitespace (and any of `extra`).
    ///
    /// Plain Swift rather than `trimmingCharacters(in:)`, which FoundationEssentials lacks.
    func trimmingWhitespace(also extra: Set<Character> = []) -> Substring {
        let isTrimmed: (Character) -> Bool = { $0.isWhitespace || extra.contains($0) }
        guard let start = firstIndex(where: { !isTrimmed($0) }), let end = lastIndex(where: { !isTrimmed($0) }) else {
            return Substring()
        }
        return Substring(self[start...end])
    }
}
