/// A media file attached to an item (RSS `enclosure`, Atom `link rel="enclosure"`).
public struct Enclosure: Sendable, Codable, Hashable {
    public var url: String
    /// MIME type as the feed declared it.
    public var type: String?
    /// Length in bytes as the feed declared it; `nil` when absent or not a number.
    public var length: Int64?
    /// Playing time in whole seconds as the feed declared it (`itunes:duration` of the item,
    /// `media:content@duration`, JSON Feed `duration_in_seconds`); `nil` when absent, zero or
    /// unreadable. Optional on the wire and in the stored JSON (absent when `nil`).
    public var duration: Int64?

    public init(url: String, type: String? = nil, length: Int64? = nil, duration: Int64? = nil) {
        self.url = url
        self.type = type
        self.length = length
        self.duration = duration
    }
}
