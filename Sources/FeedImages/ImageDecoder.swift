internal import CImage
import Foundation

/// Decodes PNG, JPEG, WebP and GIF (the first frame) with Debian's libraries, scaled down to fit
/// a box of pixels as it decodes, within a budget: at most `maximumBytes` of input and, from the
/// size the header declares before anything is allocated, at most `maximumPixels` (JPEG, which
/// libjpeg decodes at an eighth of its size when that is enough, four times as many). A hostile
/// file (a 30000×30000 PNG, a cut JPEG, a WebP that unpacks to gigabytes) is an `ImageError`,
/// never a crash, and costs at most what its budget allows. Safe from several threads at once.
public struct ImageDecoder: Sendable {
    public let maximumBytes: Int
    public let maximumPixels: Int

    public init(maximumBytes: Int = 16 << 20, maximumPixels: Int = 40_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
    }

    /// The format of `data` by its magic number, or `nil`.
    public static func format(of data: Data) -> ImageFormat? {
        data.withUnsafeBytes { bytes in format(tidings_image_format(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)) }
    }

    /// The largest size of `width` x `height` that fits `maxWidth` x `maxHeight`, keeping its
    /// proportions and never enlarging it; at least 1×1.
    public static func fitted(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (1, 1) }
        let scale = min(1, Double(max(1, maxWidth)) / Double(width), Double(max(1, maxHeight)) / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// `data` decoded and scaled to fit `maxWidth` x `maxHeight` pixels.
    /// - Throws: `ImageError`.
    public func decode(_ data: Data, maxWidth: Int, maxHeight: Int) throws(ImageError) -> DecodedImage {
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: data.count, limit: maximumBytes) }
        let result: Result<DecodedImage, ImageError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress
            let code = tidings_image_format(bytes, raw.count)
            guard let format = Self.format(code) else { return .failure(.unsupported) }
            var error = [CChar](repeating: 0, count: 256)
            var width: Int32 = 0, height: Int32 = 0
            guard tidings_image_size(bytes, raw.count, code, &width, &height, &error, error.count) == 0 else {
                return .failure(.undecodable(Self.text(error)))
            }
            guard width > 0, height > 0 else { return .failure(.undecodable("an image without pixels")) }
            let budget = format == .jpeg ? 4 * maximumPixels : maximumPixels
            guard Int(width) * Int(height) <= budget else {
                return .failure(.tooManyPixels(width: Int(width), height: Int(height)))
            }
            let size = Self.fitted(width: Int(width), height: Int(height), maxWidth: maxWidth, maxHeight: maxHeight)
            var rgba = [UInt8](repeating: 0, count: size.width * size.height * 4)
            let status = rgba.withUnsafeMutableBufferPointer { out in
                tidings_image_decode(bytes, raw.count, code, Int32(size.width), Int32(size.height), out.baseAddress, &error, error.count)
            }
            guard status == 0 else { return .failure(.undecodable(Self.text(error))) }
            return .success(DecodedImage(
                width: size.width, height: size.height, rgba: rgba, sourceWidth: Int(width), sourceHeight: Int(height),
                format: format))
        }
        return try result.get()
    }

    private static func format(_ code: Int32) -> ImageFormat? {
        switch code {
        case Int32(TIDINGS_IMAGE_PNG): .png
        case Int32(TIDINGS_IMAGE_JPEG): .jpeg
        case Int32(TIDINGS_IMAGE_WEBP): .webp
        case Int32(TIDINGS_IMAGE_GIF): .gif
        default: nil
        }
    }

    private static func text(_ error: [CChar]) -> String {
        let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return message.isEmpty ? "a damaged image" : message
    }
}
