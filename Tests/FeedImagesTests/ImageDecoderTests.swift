import FeedImages
import Foundation
import Testing

/// The decoders on real files of each format, scaled to a box, and on hostile ones: each of
/// those is an `ImageError` before any large allocation, never a crash.
struct ImageDecoderTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    static let logos = ["python.png", "python.jpg", "python.gif", "python.webp"]

    @Test(arguments: logos)
    func eachFormatDecodesTheSamePicture(name: String) throws {
        #expect(Self.logos.count == 4)
        let image = try ImageDecoder().decode(try Self.fixture(name), maxWidth: 100, maxHeight: 100)
        #expect(image.width == 16 && image.height == 16 && image.sourceWidth == 16)
        #expect(image.rgba.count == 16 * 16 * 4)
        // The logo's blue and yellow: some pixels are opaque and far from grey.
        let opaque = stride(from: 0, to: image.rgba.count, by: 4).filter { image.rgba[$0 + 3] > 200 }
        #expect(opaque.count > 64, "\(name)")
        #expect(opaque.contains { image.rgba[$0 + 2] > image.rgba[$0] + 60 }, "\(name): blue somewhere")
        #expect(opaque.contains { image.rgba[$0] > 150 && image.rgba[$0 + 1] > 150 && image.rgba[$0 + 2] < 110 }, "\(name): yellow somewhere")
    }

    @Test func aPhotographIsScaledToFitItsBoxKeepingItsProportions() throws {
        let image = try ImageDecoder().decode(try Self.fixture("board.jpg"), maxWidth: 360, maxHeight: 1000)
        #expect(image.format == .jpeg)
        #expect((image.sourceWidth, image.sourceHeight) == (720, 477))
        #expect((image.width, image.height) == (360, 239))
        // Never enlarged.
        let small = try ImageDecoder().decode(try Self.fixture("python.png"), maxWidth: 400, maxHeight: 400)
        #expect((small.width, small.height) == (16, 16))
        #expect(ImageDecoder.fitted(width: 1000, height: 10, maxWidth: 100, maxHeight: 100) == (100, 1))
    }

    @Test func otherFormatsAreRefusedByName() throws {
        #expect(throws: ImageError.unsupported) { try ImageDecoder().decode(try Self.fixture("python.bmp"), maxWidth: 10, maxHeight: 10) }
        #expect(throws: ImageError.unsupported) {
            try ImageDecoder().decode(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), maxWidth: 10, maxHeight: 10)
        }
        #expect(throws: ImageError.unsupported) { try ImageDecoder().decode(Data(), maxWidth: 10, maxHeight: 10) }
    }

    /// A PNG whose header declares 30000×30000 (900 M pixels, 3.6 GB as RGBA).
    @Test func aHugePNGIsRefusedFromItsHeader() throws {
        var png = try Self.fixture("python.png")
        // IHDR's width and height, big-endian at bytes 16 and 20 (its CRC no longer matches:
        // the header is read before libpng would check it).
        for (offset, value) in [(16, UInt32(30000)), (20, UInt32(30000))] {
            withUnsafeBytes(of: value.bigEndian) { png.replaceSubrange(offset..<offset + 4, with: $0) }
        }
        #expect(throws: ImageError.tooManyPixels(width: 30000, height: 30000)) {
            try ImageDecoder().decode(png, maxWidth: 100, maxHeight: 100)
        }
    }

    /// A lossless WebP that declares 16383×16383 pixels in its header.
    @Test func aWebPThatWouldUnpackToGigabytesIsRefusedFromItsHeader() throws {
        var vp8l = Data([0x2F])
        let bits = UInt32(16382) | UInt32(16382) << 14
        withUnsafeBytes(of: bits.littleEndian) { vp8l.append(contentsOf: $0) }
        vp8l.append(contentsOf: [UInt8](repeating: 0, count: 64))
        var webp = Data("RIFF".utf8)
        withUnsafeBytes(of: UInt32(4 + 8 + vp8l.count).littleEndian) { webp.append(contentsOf: $0) }
        webp.append(Data("WEBPVP8L".utf8))
        withUnsafeBytes(of: UInt32(vp8l.count).littleEndian) { webp.append(contentsOf: $0) }
        webp.append(vp8l)
        #expect(throws: ImageError.tooManyPixels(width: 16383, height: 16383)) {
            try ImageDecoder().decode(webp, maxWidth: 100, maxHeight: 100)
        }
    }

    @Test func cutAndDamagedFilesAreTheirDecodersWords() throws {
        let jpeg = try Self.fixture("board.jpg")
        #expect(throws: ImageError.undecodable("the JPEG is cut short")) {
            try ImageDecoder().decode(jpeg.prefix(jpeg.count / 3), maxWidth: 100, maxHeight: 100)
        }
        let png = try Self.fixture("python.png")
        #expect(throws: ImageError.self) { try ImageDecoder().decode(png.prefix(png.count / 2), maxWidth: 16, maxHeight: 16) }
        let gif = try Self.fixture("python.gif")
        #expect(throws: ImageError.self) { try ImageDecoder().decode(gif.prefix(40), maxWidth: 16, maxHeight: 16) }
        let webp = try Self.fixture("python.webp")
        #expect(throws: ImageError.self) { try ImageDecoder().decode(webp.prefix(60), maxWidth: 16, maxHeight: 16) }
        // Noise after a PNG's signature.
        var generator = SystemRandomNumberGenerator()
        let noise = png.prefix(8) + Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect(throws: ImageError.self) { try ImageDecoder().decode(noise, maxWidth: 16, maxHeight: 16) }
        #expect(throws: ImageError.tooLarge(bytes: 2048, limit: 1024)) {
            try ImageDecoder(maximumBytes: 1024).decode(Data(count: 2048), maxWidth: 16, maxHeight: 16)
        }
    }

    @Test func theTerminalFormsAreAPNGAndOneSixelSequence() throws {
        let image = try ImageDecoder().decode(try Self.fixture("board.jpg"), maxWidth: 200, maxHeight: 200)
        let png = try #require(TerminalImageEncoder.png(image))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let again = try ImageDecoder().decode(png, maxWidth: 1000, maxHeight: 1000)
        #expect((again.width, again.height) == (image.width, image.height))
        #expect(again.rgba == image.rgba, "PNG is lossless")

        let sixels = try #require(TerminalImageEncoder.sixels(image, columns: 20, rows: 7, cellWidth: 10, cellHeight: 20))
        #expect(sixels.prefix(2) == Data([0x1B, 0x50]), "DCS")
        #expect(sixels.suffix(2) == Data([0x1B, 0x5C]), "ST")
        let body = String(decoding: sixels, as: UTF8.self)
        #expect(body.contains("q\""), "sixel data with its raster attributes")
        // Nothing but the DCS's own ESCs: no other control reaches the terminal.
        #expect(sixels.filter { $0 == 0x1B }.count == 2)
        #expect(!sixels.contains { $0 < 0x20 && $0 != 0x1B && $0 != 0x0A && $0 != 0x0D })
    }
}
