import FeedEntities

extension Enclosure {
    /// The playing time a feed declares, in whole seconds: `itunes:duration` and
    /// `media:content@duration` as written (`HH:MM:SS`, `MM:SS` with minutes past 59 allowed,
    /// plain seconds, the seconds with a fraction that is dropped: `1:02:03.5`, `3723.5`).
    /// `nil` when absent, zero, or anything else (`5 min`, `-1`, `1:60`, `1:2:3:4`): feeds write
    /// all sorts, and a duration that cannot be read is just not shown.
    static func duration(from text: String?) -> Int64? {
        guard let text else { return nil }
        let parts = text.trimmingASCIIWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total: Int64 = 0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            // Only the seconds may have a fraction.
            let whole = isLast ? part.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false) : [part]
            if whole.count == 2, whole[1].isEmpty || !whole[1].allSatisfy(\.isASCIIDigit) { return nil }
            let digits = whole[0]
            // Nine digits at most: 999,999,999 hours still fit an Int64 in seconds.
            guard (1...9).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let value = Int64(digits) else { return nil }
            if index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total > 0 ? total : nil
    }

    /// A duration given as a number of seconds (JSON Feed `duration_in_seconds`), the fraction
    /// dropped; `nil` when it is not a positive, finite number of at least one second.
    static func duration(seconds: Double) -> Int64? {
        guard seconds.isFinite, seconds >= 1, seconds < 0x1p62 else { return nil }
        return Int64(seconds.rounded(.towardZero))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension [Enclosure] {
    /// Adds `enclosure` unless one with the same URL is there (an RSS `enclosure` and the
    /// `media:content` beside it usually name the same file), in which case only its playing
    /// time is taken when the first one has none (`media:content@duration`).
    mutating func add(_ enclosure: Enclosure) {
        guard let index = firstIndex(where: { $0.url == enclosure.url }) else { return append(enclosure) }
        if self[index].duration == nil { self[index].duration = enclosure.duration }
    }
}
