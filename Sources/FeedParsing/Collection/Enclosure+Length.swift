import FeedEntities

extension Enclosure {
    /// The byte length a feed declares, `nil` when absent, not a whole number or negative
    /// (feeds write "0", "12345", but also "", "unknown" or "-1").
    static func length(from text: String?) -> Int64? {
        guard let text, let value = Int64(text), value >= 0 else { return nil }
        return value
    }
}
