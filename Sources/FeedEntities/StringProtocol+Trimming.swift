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

extension String {
    /// Without white space and line breaks at either end: Unicode's White_Space property and
    /// the zero width space, the set of Foundation's `.whitespacesAndNewlines`. A string with
    /// none there, such as nearly every link and title a feed gives, is returned as it is after
    /// a look at its two end scalars; `trimmingCharacters(in:)` builds a new string through
    /// NSString every time, which cost the writer of a cold refresh a tenth of its time.
    public func trimmingWhitespace() -> String {
        var scalars = unicodeScalars[...]
        guard let first = scalars.first, let last = scalars.last,
            Self.isTrimmedSpace(first) || Self.isTrimmedSpace(last)
        else { return self }
        while let scalar = scalars.first, Self.isTrimmedSpace(scalar) { scalars.removeFirst() }
        while let scalar = scalars.last, Self.isTrimmedSpace(scalar) { scalars.removeLast() }
        return String(Substring(scalars))
    }

    private static func isTrimmedSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
