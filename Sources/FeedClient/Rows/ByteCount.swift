/// Sizes for people: `512 bytes`, `1.5 kB`, `12.3 MB`, `640 MB`.
///
/// Decimal (SI) units, as podcast players and file managers show enclosure sizes: one decimal
/// below 100 of a unit, whole units from 100 on. Integer arithmetic, so no locale or
/// formatter is involved.
enum ByteCount {
    private static let units = ["kB", "MB", "GB", "TB", "PB", "EB"]

    /// `bytes` as text; `nil` for 0 or less, which feeds write when they do not know the size.
    static func text(_ bytes: Int64) -> String? {
        guard bytes > 0 else { return nil }
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var divisor: Int64 = 1000
        for unit in units {
            // Rounded half up; a size that rounds to 1000 of a unit moves on to the next one.
            // Remainders are never multiplied by more than 2, which cannot overflow.
            let whole = bytes / divisor
            let remainder = bytes % divisor
            if whole < 100 {
                let tenth = divisor / 10
                let tenths = whole * 10 + remainder / tenth + (remainder % tenth * 2 >= tenth ? 1 : 0)
                return tenths >= 1000 ? "100 \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
            }
            let rounded = whole + (remainder * 2 >= divisor ? 1 : 0)
            if rounded < 1000 { return "\(rounded) \(unit)" }
            divisor *= 1000  // Int64.max is 9.2 EB: this never passes 10^18
        }
        return nil
    }
}
