/// A picture decoded and scaled down to fit where it is shown: RGBA, 8 bits a channel, rows
/// top to bottom without padding.
public struct DecodedImage: Sendable, Equatable {
    /// The picture's size in pixels, as scaled.
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    /// The image's own size, as its header gives it.
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var format: ImageFormat

    public init(width: Int, height: Int, rgba: [UInt8], sourceWidth: Int, sourceHeight: Int, format: ImageFormat) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.format = format
    }
}

/// The image formats the reader draws, told by their magic numbers (not by a `Content-Type`).
public enum ImageFormat: String, Sendable, Equatable {
    case png, jpeg, webp, gif
}
