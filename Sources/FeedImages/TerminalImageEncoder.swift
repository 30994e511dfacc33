internal import CImage
import Foundation

/// A decoded picture in the form a terminal's graphics protocol takes: PNG for the kitty
/// protocol (its `f=100`), sixels by libchafa (palette and dithering its own) for xterm, foot,
/// mlterm and the other sixel terminals.
public enum TerminalImageEncoder {
    /// The picture as a PNG, compressed fast (it is drawn, not kept).
    public static func png(_ image: DecodedImage) -> Data? {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = image.rgba.withUnsafeBufferPointer { rgba in
            tidings_png_encode(rgba.baseAddress, Int32(image.width), Int32(image.height), &bytes, &count)
        }
        guard status == 0, let bytes else { return nil }
        defer { free(bytes) }
        return Data(bytes: bytes, count: count)
    }

    /// The picture as one sixel sequence (`ESC P … q` … `ESC \`), filling `columns` x `rows`
    /// cells of `cellWidth` x `cellHeight` pixels.
    public static func sixels(_ image: DecodedImage, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) -> Data? {
        var bytes: UnsafeMutablePointer<CChar>?
        var count = 0
        let status = image.rgba.withUnsafeBufferPointer { rgba in
            tidings_sixel_encode(
                rgba.baseAddress, Int32(image.width), Int32(image.height), Int32(max(1, columns)), Int32(max(1, rows)),
                Int32(max(1, cellWidth)), Int32(max(1, cellHeight)), &bytes, &count)
        }
        guard status == 0, let bytes else { return nil }
        defer { tidings_glib_free(bytes) }
        return Data(bytes: bytes, count: count)
    }
}
