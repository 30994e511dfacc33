/// Why an image is not drawn: each becomes the placeholder line the reader shows in its place.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// More bytes than the decoder takes.
    case tooLarge(bytes: Int, limit: Int)
    /// More pixels than the decoder's budget for its format.
    case tooManyPixels(width: Int, height: Int)
    /// Not PNG, JPEG, WebP or GIF (SVG, AVIF, an HTML error page…).
    case unsupported
    /// The decoder's own words: a damaged or cut file, an animated WebP.
    case undecodable(String)

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "the image is \(bytes) bytes, over the \(limit) bytes drawn"
        case .tooManyPixels(let width, let height): "the image is \(width)×\(height) pixels, too large to draw"
        case .unsupported: "not an image format the reader draws (PNG, JPEG, WebP, GIF)"
        case .undecodable(let reason): reason
        }
    }
}
