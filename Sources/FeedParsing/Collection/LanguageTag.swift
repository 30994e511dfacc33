/// A feed's language as a BCP 47 tag, from what feeds write in `xml:lang`, `<language>` and
/// `dc:language`.
enum LanguageTag {
    /// `value` trimmed, with the underscores of POSIX locale names (`en_US`) turned into the
    /// hyphens of language tags (`en-US`); letter case is kept. `nil` when nothing is left.
    static func normalized(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingASCIIWhitespace(), !trimmed.isEmpty else { return nil }
        guard trimmed.utf8.contains(UInt8(ascii: "_")) else { return trimmed }
        return String(trimmed.map { $0 == "_" ? "-" : $0 })
    }
}
