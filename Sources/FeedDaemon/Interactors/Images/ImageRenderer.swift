import FeedEntities
import FeedFetching
import FeedIPC
import FeedImages
import FeedStorage
import Foundation
import Logging

/// Draws an article's image for the client's terminal (`images.render`): the bytes from the
/// image cache, else fetched with the item's feed's settings (its secrets only on the feed's
/// origin) and kept; decoded within `ImageDecoder`'s budget and scaled on a thread of its own;
/// encoded as the terminal's protocol takes it. A failure is the result's `error`, never thrown.
public struct ImageRenderer: Sendable {
    let fetcher: any RemoteDataManager
    let store: any FeedStore
    let cache: ImageCache
    let decoder: ImageDecoder
    /// What a feed's settings ask of its transfers.
    let transferSettings: @Sendable (FeedSettings) async throws -> TransferSettings
    let logger: Logger
    private let thread: ParseThread

    /// The largest picture drawn, in pixels a side: more than any terminal window shows.
    static let largestSide = 4096
    /// The most columns or rows a picture is asked to fill.
    static let mostCells = 2000

    init(
        fetcher: any RemoteDataManager, store: any FeedStore, cache: ImageCache, decoder: ImageDecoder = ImageDecoder(),
        transferSettings: @escaping @Sendable (FeedSettings) async throws -> TransferSettings, logger: Logger
    ) {
        self.fetcher = fetcher
        self.store = store
        self.cache = cache
        self.decoder = decoder
        self.transferSettings = transferSettings
        self.logger = logger
        self.thread = ParseThread(name: "tidings-image")
    }

    /// The bytes and files of the image cache, and its limit, for `status`.
    public var cacheUsage: (bytes: Int, files: Int, limit: Int) {
        let usage = cache.usage()
        return (usage.bytes, usage.files, cache.limit)
    }

    public func render(_ params: RPC.RenderImage.Params) async throws -> RPC.RenderImage.Result {
        let failed = { (reason: String) in RPC.RenderImage.Result(format: params.format, error: reason) }
        // Bounded before they are multiplied: a request must not overflow the daemon's arithmetic.
        guard (1...Self.mostCells).contains(params.columns), (1...Self.mostCells).contains(params.rows),
              (1...1024).contains(params.cellWidth), (1...1024).contains(params.cellHeight)
        else {
            throw InvalidParams(
                "columns and rows must be 1 to \(Self.mostCells), cellWidth and cellHeight 1 to 1024 (pixels)")
        }
        let box = (
            width: min(Self.largestSide, params.columns * params.cellWidth),
            height: min(Self.largestSide, params.rows * params.cellHeight))
        // Drawn before in this form and size: no decoding again.
        let key = "\(params.url)\n\(params.format.rawValue) \(box.width)x\(box.height) \(params.cellWidth)x\(params.cellHeight)"
        if let kept = cache.picture(for: key).flatMap({ Self.picture(from: $0, format: params.format) }) { return kept }
        let bytes: Data
        switch await image(params.url, item: params.item) {
        case .success(let fetched): bytes = fetched
        case .failure(let reason): return failed(reason.description)
        }
        let decoder = decoder
        let decoded = await thread.run { () -> Result<DecodedImage, ImageError> in
            Result { () throws(ImageError) in try decoder.decode(bytes, maxWidth: box.width, maxHeight: box.height) }
        }
        let image: DecodedImage
        switch decoded {
        case .success(let picture): image = picture
        case .failure(let error): return failed(error.description)
        }
        let columns = (image.width + params.cellWidth - 1) / params.cellWidth
        let rows = (image.height + params.cellHeight - 1) / params.cellHeight
        var result = RPC.RenderImage.Result(
            format: params.format, width: image.width, height: image.height, columns: columns, rows: rows)
        switch params.format {
        case .png:
            guard let png = TerminalImageEncoder.png(image) else { return failed("the picture could not be encoded") }
            result.data = png.base64EncodedString()
        case .sixel:
            guard let sixels = TerminalImageEncoder.sixels(
                image, columns: columns, rows: rows, cellWidth: params.cellWidth, cellHeight: params.cellHeight),
                let body = Self.sixelBody(sixels)
            else { return failed("the picture could not be encoded") }
            result.data = body
        }
        if let data = result.data {
            cache.keepPicture(Data("\(result.width) \(result.height) \(result.columns) \(result.rows)\n\(data)".utf8), for: key)
        }
        return result
    }

    /// A picture as `keepPicture` kept it: its sizes on a line, then its data.
    static func picture(from kept: Data, format: RPC.RenderImage.Format) -> RPC.RenderImage.Result? {
        guard let newline = kept.firstIndex(of: 0x0A) else { return nil }
        let sizes = String(decoding: kept[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard sizes.count == 4, sizes.allSatisfy({ $0 > 0 }) else { return nil }
        let data = String(decoding: kept[kept.index(after: newline)...], as: UTF8.self)
        return RPC.RenderImage.Result(
            format: format, width: sizes[0], height: sizes[1], columns: sizes[2], rows: sizes[3], data: data)
    }

    /// `images.file`: the image's bytes as a file for a viewer, when they are an image.
    public func file(_ params: RPC.ImageFile.Params) async -> RPC.ImageFile.Result {
        let bytes: Data
        switch await image(params.url, item: params.item) {
        case .success(let fetched): bytes = fetched
        case .failure(let reason): return .init(error: reason.description)
        }
        guard let format = ImageDecoder.format(of: bytes) else { return .init(error: "not a PNG, JPEG, WebP or GIF image") }
        guard let path = cache.viewable(bytes, for: params.url, suffix: "." + format.rawValue) else {
            return .init(error: "the image could not be written to \(cache.directory)/view")
        }
        return .init(path: path, format: format.rawValue)
    }

    /// What a sixel sequence holds between its `q` and its closing `ESC \`, when that is
    /// printable ASCII only (so nothing else can reach the terminal).
    static func sixelBody(_ sequence: Data) -> String? {
        guard sequence.starts(with: [0x1B, 0x50]), sequence.suffix(2) == Data([0x1B, 0x5C]),
              let q = sequence.firstIndex(of: UInt8(ascii: "q"))
        else { return nil }
        let body = sequence[sequence.index(after: q)..<sequence.index(sequence.endIndex, offsetBy: -2)]
        // Over the bytes themselves: Data's own iterator costs milliseconds on a picture's.
        return body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var kept = [UInt8]()
            kept.reserveCapacity(bytes.count)
            for byte in bytes {
                if byte == 0x0A || byte == 0x0D { continue }
                guard (0x20...0x7E).contains(byte) else { return nil }
                kept.append(byte)
            }
            return String(decoding: kept, as: UTF8.self)
        }
    }

    /// Why the image's bytes are not at hand.
    enum Unavailable: Error, CustomStringConvertible {
        case notWeb
        case fetch(String)

        var description: String {
            switch self {
            case .notWeb: "not a web address"
            case .fetch(let reason): reason
            }
        }
    }

    /// The image's bytes: kept, or fetched and kept.
    func image(_ url: String, item: Int64?) async -> Result<Data, Unavailable> {
        guard FetchRequest.isWebAddress(url) else { return .failure(.notWeb) }
        if let kept = cache.image(for: url) { return .success(kept) }
        do {
            var settings = TransferSettings()
            if let item, let feed = try await store.feed(ofItem: item) {
                settings = try await transferSettings(feed.settings).forRequest(to: url, setFor: feed.url)
            }
            settings.maximumBodySize = decoder.maximumBytes
            let response = try await fetcher.fetch(FetchRequest(url: url, settings: settings))
            // Only what can be drawn is worth keeping (not an error page served as 200).
            if ImageDecoder.format(of: response.body) != nil { cache.keep(response.body, for: url) }
            return .success(response.body)
        } catch {
            logger.debug("image not fetched", metadata: ["url": "\(url)", "error": "\(error)"])
            return .failure(.fetch(FeedRefresher.describe(error)))
        }
    }
}
