extension StringProtocol {
    /// Without the characters at either end for which `isTrimmed` is true. Plain Swift rather
    /// than `trimmingCharacters(in:)`, which FoundationEssentials lacks; each caller says which
    /// characters its syntax lets surround a value.
    public func trimming(where isTrimmed: (Character) -> Bool) -> SubSequence {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

extension StringProtocol {
    /// Without white space and line breaks (`Character.isWhitespace`), nor any of `extra`, at
    /// either end. A string with none there is the whole of it, which `String(_:)` turns back
    /// into the same string without a copy.
    public func trimmingWhitespace(also extra: Set<Character> = []) -> SubSequence {
        trimming { $0.isWhitespace || extra.contains($0) }
    }
}
