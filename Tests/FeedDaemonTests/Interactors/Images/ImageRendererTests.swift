import FeedEntities
import FeedFetching
import FeedIPC
import FeedImages
import FeedStorage
import Foundation
import Logging
import Testing

@testable import FeedDaemon

/// `images.render` at the fetcher's boundary: an image fetched once and then drawn from the
/// cache, fitted to the cells asked for, in either form; failures as the placeholder's words;
/// and the cache's bound.
struct ImageRendererTests {
    let store: SQLiteFeedStore
    let pages = PageFetcherStub()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)").path

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    /// A 300×150 PNG: left half red, right half blue.
    static let picture: Data = {
        var rgba = [UInt8]()
        for _ in 0..<150 { for x in 0..<300 { rgba += x < 150 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let image = DecodedImage(width: 300, height: 150, rgba: rgba, sourceWidth: 300, sourceHeight: 150, format: .png)
        return TerminalImageEncoder.png(image)!
    }()

    func renderer(limit: Int = 1 << 20) -> ImageRenderer {
        ImageRenderer(
            fetcher: pages, store: store, cache: ImageCache(directory: directory, limit: limit),
            transferSettings: { _ in TransferSettings() }, logger: Logger(label: "test"))
    }

    func serve(_ url: String, _ body: Data, contentType: String = "image/png") {
        pages.serveBytes(url, body, contentType: contentType)
    }

    @Test func anImageIsFittedToItsCellsAndFetchedOnce() async throws {
        serve("https://img.example/a.png", Self.picture)
        let images = renderer()
        let params = RPC.RenderImage.Params(
            url: "https://img.example/a.png", format: .png, columns: 20, rows: 20, cellWidth: 10, cellHeight: 20)
        let drawn = try await images.render(params)
        #expect(drawn.error == nil)
        #expect((drawn.width, drawn.height, drawn.columns, drawn.rows) == (200, 100, 20, 5))
        let png = try #require(drawn.data.flatMap { Data(base64Encoded: $0) })
        let decoded = try ImageDecoder().decode(png, maxWidth: 1000, maxHeight: 1000)
        #expect(Array(decoded.rgba.prefix(4)) == [255, 0, 0, 255])
        #expect(Array(decoded.rgba.suffix(4)) == [0, 0, 255, 255])

        let sixels = try await images.render(.init(
            url: "https://img.example/a.png", format: .sixel, columns: 40, rows: 10, cellWidth: 10, cellHeight: 20))
        let body = try #require(sixels.data)
        #expect(body.hasPrefix("\""), "the raster attributes first")
        #expect(body.utf8.allSatisfy { (0x20...0x7E).contains($0) })
        #expect(pages.requests.count == 1, "the second drawing came from the cache")
        #expect(images.cacheUsage.files == 3, "the image and the two pictures drawn from it")
    }

    @Test func anImageFileForTheViewerIsTheImageAsItCameWithItsExtension() async throws {
        let images = renderer()
        for index in 0..<(ImageCache.viewedKept + 3) { serve("https://img.example/\(index).png", Self.picture) }
        let file = await images.file(.init(url: "https://img.example/0.png"))
        let path = try #require(file.path, "\(file)")
        #expect(file.format == "png" && path.hasSuffix(".png") && path.hasPrefix(directory + "/view/"))
        #expect(FileManager.default.contents(atPath: path) == Self.picture)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(lstat(directory + "/view", &info) == 0 && info.st_mode & 0o777 == 0o700)
        for index in 1..<(ImageCache.viewedKept + 3) {
            #expect(await images.file(.init(url: "https://img.example/\(index).png")).path != nil)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory + "/view")
        #expect(kept.count == ImageCache.viewedKept, "the newest kept: \(kept)")
        pages.fail("https://img.example/gone.png", with: .httpStatus(404))
        #expect(await images.file(.init(url: "https://img.example/gone.png")) == .init(error: "HTTP 404 Not Found"))
        serve("https://img.example/page.html", Data("<html></html>".utf8), contentType: "text/html")
        #expect(await images.file(.init(url: "https://img.example/page.html")).error == "not a PNG, JPEG, WebP or GIF image")
    }

    @Test func aPictureDrawnBeforeIsAnsweredAgainWithoutTheImage() async throws {
        serve("https://img.example/a.png", Self.picture)
        let images = renderer()
        let params = RPC.RenderImage.Params(
            url: "https://img.example/a.png", format: .sixel, columns: 20, rows: 20, cellWidth: 10, cellHeight: 20)
        let first = try await images.render(params)
        #expect(first.error == nil)
        // The image itself gone from the cache, and from its server: the picture stays.
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".img") {
            try FileManager.default.removeItem(atPath: directory + "/" + name)
        }
        pages.fail("https://img.example/a.png", with: .httpStatus(404))
        #expect(try await images.render(params) == first)
        #expect(pages.requests.count == 1)
        // Another size is drawn from the image again, which is gone now.
        var larger = params
        larger.rows = 30
        #expect(try await images.render(larger).error == "HTTP 404 Not Found")
        // A kept picture that is not one (a damaged file) is drawn anew, not answered.
        #expect(ImageRenderer.picture(from: Data("1 2 3\nx".utf8), format: .sixel) == nil)
        #expect(ImageRenderer.picture(from: Data("no sizes".utf8), format: .sixel) == nil)
    }

    @Test func failuresAreThePlaceholdersWords() async throws {
        serve("https://img.example/page.html", Data("<html></html>".utf8), contentType: "text/html")
        pages.fail("https://img.example/missing.png", with: .httpStatus(404))
        let images = renderer()
        func error(_ url: String) async throws -> String? {
            try await images.render(.init(url: url, format: .png, columns: 10, rows: 10, cellWidth: 10, cellHeight: 20)).error
        }
        #expect(try await error("https://img.example/page.html") == ImageError.unsupported.description)
        #expect(try await error("https://img.example/missing.png") == "HTTP 404 Not Found")
        #expect(try await error("file:///etc/passwd") == "not a web address")
        #expect(try await error("data:image/png;base64,AAAA") == "not a web address")
        #expect(!pages.requests.contains { !$0.url.hasPrefix("https://") })
        await #expect(throws: InvalidParams.self) {
            try await images.render(.init(url: "https://img.example/a.png", format: .png, columns: 0, rows: 1, cellWidth: 1, cellHeight: 1))
        }
        // Numbers that would overflow a multiplication are refused, not trapped on.
        await #expect(throws: InvalidParams.self) {
            try await images.render(.init(
                url: "https://img.example/a.png", format: .png, columns: Int.max, rows: 1, cellWidth: 1024, cellHeight: 1))
        }
    }

    @Test func theCacheKeepsItsLimitDroppingTheImagesUsedLongestAgo() throws {
        let cache = ImageCache(directory: directory, limit: 3000)
        let piece = Data(repeating: 7, count: 1000)
        cache.keep(piece, for: "https://a.example/1")
        cache.keep(piece, for: "https://a.example/2")
        // Used earlier than 2, as far as the file system's times tell.
        let first = try #require(FileManager.default.contentsOfDirectory(atPath: directory).first { name in
            (try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))?.starts(with: Data("https://a.example/1\n".utf8)) == true
        })
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: directory + "/" + first)
        cache.keep(piece, for: "https://a.example/3")
        #expect(cache.usage() == ImageCache.Usage(bytes: 2 * (1000 + 20), files: 2))
        #expect(cache.image(for: "https://a.example/1") == nil)
        #expect(cache.image(for: "https://a.example/3") == piece)
        // Private: the directory is the user's alone.
        var info = stat()
        #expect(lstat(directory, &info) == 0 && info.st_mode & 0o077 == 0)
        // Nothing is kept with a limit of 0, and nothing larger than the limit.
        let off = ImageCache(directory: directory + "-off", limit: 0)
        off.keep(piece, for: "https://a.example/4")
        #expect(off.image(for: "https://a.example/4") == nil)
        #expect(!FileManager.default.fileExists(atPath: directory + "-off"))
    }
}

extension PageFetcherStub {
    /// Serves `body` with `contentType` at `url`.
    func serveBytes(_ url: String, _ body: Data, contentType: String) {
        serveResponse(url, FetchResponse(finalURL: url, status: 200, body: body, contentType: contentType))
    }
}
