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
