import CZstd
import Foundation
import GRDB
import Synchronization

/// Compresses items' HTML (`StoredHTML` payloads) for the column `item.html`, and reads it back.
///
/// zstd at level 3, with a dictionary trained on the database's own items once it has enough
/// of them (`SQLiteFeedStore+TextCompression.swift`): an item's HTML is a few kilobytes, too
/// little for a compressor to learn a feed's markup from; the dictionary holds what items have
/// in common. On the 500-feed bench corpus, 62.5 MB of HTML is 26.1 MB with zlib (level 6),
/// 26.5 MB with zstd alone and 16.4 MB with zstd and a dictionary of 112 KB; zstd decompresses
/// several times faster than zlib (bench/RESULTS.md).
///
/// Each frame names its dictionary by zstd's id, so frames made with any dictionary the
/// database has stay readable; dictionaries are never deleted. Thread-safe: the dictionaries
/// are immutable and shared, and each `Session` has its own zstd contexts.
final class TextCompressor: Sendable {
    /// zstd's compression level: its default, which compresses a cold pass's HTML in a small
    /// part of the pass (higher levels cost several times the time for a few percent).
    static let level: Int32 = 3
    /// The largest payload read back: more than any item the parser lets through. A value that
    /// claims more is damaged, and is not worth allocating for.
    static let maximumPayload = 256 << 20

    private struct Dictionaries {
        var byID: [UInt32: CompressionDictionary] = [:]
        /// The one new items are compressed with: the newest.
        var current: CompressionDictionary?
    }

    private let dictionaries = Mutex(Dictionaries())

    init() {}

    /// The dictionary new items are compressed with, if any.
    var currentDictionary: CompressionDictionary? { dictionaries.withLock { $0.current } }

    /// Makes `dictionary` known, and the one new items are compressed with.
    func use(_ dictionary: CompressionDictionary) {
        dictionaries.withLock {
            $0.byID[dictionary.id] = dictionary
            $0.current = dictionary
        }
    }

    /// Forgets every dictionary, then knows `all`, the last of them current (a database
    /// opened, or another one restored in its place).
    func replaceDictionaries(with all: [CompressionDictionary]) {
        dictionaries.withLock {
            $0.byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
            $0.current = all.last
        }
    }

    func dictionary(id: UInt32) -> CompressionDictionary? {
        dictionaries.withLock { $0.byID[id] }
    }

    /// zstd contexts for a series of calls on one thread (a document's items, a batch).
    func makeSession() -> Session { Session(compressor: self) }

    /// `StoredHTML(summary:content:)` compressed, or `nil` when both are `nil`.
    func compress(summary: String?, content: String?) -> Data? {
        makeSession().compress(StoredHTML(summary: summary, content: content))
    }

    /// What `compress` made.
    /// - Throws: `DatabaseError` (SQLITE_CORRUPT, with `StoredHTMLError`'s description) for a
    ///   value that is not one: damage, reported like the rest.
    func decompress(_ value: Data) throws -> StoredHTML {
        try makeSession().decompress(value)
    }

    /// The id of the dictionary `frame` was compressed with (0 for none).
    static func dictionaryID(of frame: Data) -> UInt32 {
        frame.withUnsafeBytes { ZSTD_getDictID_fromFrame($0.baseAddress, $0.count) }
    }

    /// A dictionary of at most `capacity` bytes trained on `samples`, or `nil` when zstd finds
    /// too little to learn from.
    ///
    /// zstd's fast cover trainer with fixed parameters (segments of 256 bytes, 8-byte matches,
    /// a quarter of the positions): 0.09 s for 1,300 items of the bench corpus, where letting
    /// zstd search the parameters took 0.8 s for a dictionary that compresses the corpus as
    /// well (16.42 MB against 16.47 MB). A new database trains during its first refresh pass,
    /// and every item stored meanwhile has to be compressed again.
    static func trainDictionary(samples: [[UInt8]], capacity: Int = 112_640) -> Data? {
        guard samples.count >= 8 else { return nil }
        let sizes = samples.map(\.count)
        let joined = Array(samples.joined())
        var dictionary = [UInt8](repeating: 0, count: capacity)
        var parameters = ZDICT_fastCover_params_t()
        parameters.k = 256
        parameters.d = 8
        parameters.f = 18
        parameters.accel = 4
        parameters.nbThreads = 1
        parameters.zParams.compressionLevel = level
        let size = dictionary.withUnsafeMutableBytes { out in
            joined.withUnsafeBytes { input in
                ZDICT_trainFromBuffer_fastCover(out.baseAddress, capacity, input.baseAddress, sizes, UInt32(sizes.count), parameters)
            }
        }
        guard ZDICT_isError(size) == 0, size > 0 else { return nil }
        return Data(dictionary[..<size])
    }

    /// A compression and a decompression context, reused for every call made through it.
    /// Not for sharing between threads.
    final class Session {
        private let compressor: TextCompressor
        private var cctx: OpaquePointer?
        private var dctx: OpaquePointer?

        fileprivate init(compressor: TextCompressor) {
            self.compressor = compressor
        }

        deinit {
            ZSTD_freeCCtx(cctx)
            ZSTD_freeDCtx(dctx)
        }

        /// `html` compressed with the current dictionary (or none yet), or `nil` when it is empty.
        func compress(_ html: StoredHTML) -> Data? {
            guard !html.isEmpty else { return nil }
            if cctx == nil { cctx = ZSTD_createCCtx() }
            let payload = html.payload
            let dictionary = compressor.currentDictionary
            let bound = ZSTD_compressBound(payload.count)
            var frame = Data(count: bound)
            let size = frame.withUnsafeMutableBytes { out in
                payload.withUnsafeBytes { input in
                    if let dictionary {
                        ZSTD_compress_usingCDict(cctx, out.baseAddress, bound, input.baseAddress, input.count, dictionary.cdict)
                    } else {
                        ZSTD_compressCCtx(cctx, out.baseAddress, bound, input.baseAddress, input.count, TextCompressor.level)
                    }
                }
            }
            // Within the bound zstd computed, compression cannot fail but for want of memory.
            precondition(ZSTD_isError(size) == 0, "zstd: \(String(cString: ZSTD_getErrorName(size)))")
            frame.count = size
            return frame
        }

        /// The summary and content of a frame `compress` made.
        /// - Throws: `DatabaseError` (SQLITE_CORRUPT) describing the `StoredHTMLError`.
        func decompress(_ frame: Data) throws -> StoredHTML {
            do {
                return try decompressOrThrow(frame)
            } catch let error as StoredHTMLError {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: error.description)
            }
        }

        private func decompressOrThrow(_ frame: Data) throws -> StoredHTML {
            if dctx == nil { dctx = ZSTD_createDCtx() }
            return try frame.withUnsafeBytes { input in
                let size = ZSTD_getFrameContentSize(input.baseAddress, input.count)
                guard size != tidings_zstd_contentsize_error() else { throw StoredHTMLError.undecodable("not a zstd frame") }
                guard size != tidings_zstd_contentsize_unknown(), size <= UInt64(TextCompressor.maximumPayload) else {
                    throw StoredHTMLError.tooLarge
                }
                let id = ZSTD_getDictID_fromFrame(input.baseAddress, input.count)
                var dictionary: CompressionDictionary?
                if id != 0 {
                    guard let known = compressor.dictionary(id: id) else { throw StoredHTMLError.missingDictionary(id) }
                    dictionary = known
                }
                var payload = [UInt8](repeating: 0, count: Int(size))
                let written = payload.withUnsafeMutableBytes { out in
                    if let dictionary {
                        ZSTD_decompress_usingDDict(dctx, out.baseAddress, out.count, input.baseAddress, input.count, dictionary.ddict)
                    } else {
                        ZSTD_decompressDCtx(dctx, out.baseAddress, out.count, input.baseAddress, input.count)
                    }
                }
                guard ZSTD_isError(written) == 0 else {
                    throw StoredHTMLError.undecodable(String(cString: ZSTD_getErrorName(written)))
                }
                guard written == Int(size) else { throw StoredHTMLError.undecodable("shorter than its header says") }
                return try payload.withUnsafeBytes { try StoredHTML(payload: $0) }
            }
        }
    }
}
