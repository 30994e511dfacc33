/// Durations and sizes as the config file writes them (`refresh_interval: 30m`,
/// `max_feed_size: 32MiB`), so that a per-feed setting reads the same as the config's key.
///
/// A duration is a whole number with an optional unit: `s`, `m`, `h`, `d` or `w` (`90s`, `30m`,
/// `2h`, `1d`, `2w`); a bare number counts `bareUnit` seconds. A size is a whole number of bytes
/// with an optional unit: `KiB`, `MiB`, `GiB` (also `KB`, `MB`, `GB`, `K`, `M`, `G` as powers of
/// 1024) or `B`. White space around the number and the unit is allowed; a negative number or one
/// that overflows is none.
public enum Quantity {
    private static let durationUnits: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400]
    private static let sizeUnits: [(String, Int)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30),
        ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("B", 1),
    ]

    /// The spaces and tabs around a number and its unit: what `CharacterSet.whitespaces` trims
    /// in the config's reading (Unicode's space separators and the tab).
    private static func isSpace(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The seconds `text` says; `nil` when it is no duration.
    /// - Parameter bareUnit: seconds a number without a unit counts (1; 86400 for `keep_days`).
    public static func duration(_ text: String, bareUnit: Int = 1) -> Int? {
        let text = text.trimming(where: isSpace)
        guard !text.isEmpty else { return nil }
        let value: Int?
        if let unit = text.last, let factor = durationUnits[unit] {
            value = multiplied(text.dropLast().trimming(where: isSpace), by: factor)
        } else {
            value = multiplied(text, by: bareUnit)
        }
        guard let value, value >= 0 else { return nil }
        return value
    }

    /// The bytes `text` says; `nil` when it is no size.
    public static func size(_ text: String) -> Int? {
        let text = text.trimming(where: isSpace)
        if let value = Int(text) { return value >= 0 ? value : nil }
        guard let (suffix, factor) = sizeUnits.first(where: { text.hasSuffix($0.0) }) else { return nil }
        guard let value = multiplied(text.dropLast(suffix.count).trimming(where: isSpace), by: factor),
              value >= 0 else { return nil }
        return value
    }

    /// `seconds` in its largest whole unit: `90s`, `30m`, `2h`, `1d`, `2w`.
    public static func durationText(seconds: Int) -> String {
        for (unit, factor) in [("w", 7 * 86400), ("d", 86400), ("h", 3600), ("m", 60)]
        where seconds != 0 && seconds % factor == 0 {
            return "\(seconds / factor)\(unit)"
        }
        return "\(seconds)s"
    }

    /// `bytes` in its largest whole unit of 1024: `512KiB`, `10MiB`, `1GiB`, else bytes (`1500`).
    public static func sizeText(bytes: Int) -> String {
        for (unit, factor) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes != 0 && bytes % factor == 0 {
            return "\(bytes / factor)\(unit)"
        }
        return String(bytes)
    }

    /// `number × factor`; `nil` when `number` is not a whole number or the product overflows
    /// (an overflow must not trap: the daemon reads these from requests and config reloads).
    private static func multiplied(_ number: some StringProtocol, by factor: Int) -> Int? {
        guard let value = Int(number, radix: 10) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow ? nil : product
    }
}
