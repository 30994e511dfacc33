/// The daemon's cache of article images, for `status` (protocol 1.16).
public struct ImageCacheUsage: Sendable, Codable, Hashable {
    /// Bytes and images kept now.
    public var bytes: Int64
    public var files: Int
    /// The most bytes kept (the config's `image_cache_size`); 0 keeps none.
    public var limit: Int64

    public init(bytes: Int64, files: Int, limit: Int64) {
        self.bytes = bytes
        self.files = files
        self.limit = limit
    }
}
