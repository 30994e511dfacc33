import Foundation

/// An item's summary and content as one payload, which the store keeps compressed in the
/// column `item.html` (`TextCompressor`).
///
/// One payload rather than two: feeds often repeat the summary as the start of the content,
/// and one zstd frame stores that repetition once. Layout: a byte of flags (1: a summary,
/// 2: a content), the summary's length in UTF-8 bytes as a LEB128 number when there is one,
/// the summary's bytes, then the content's bytes to the end.
struct StoredHTML: Equatable, Sendable {
    var summary: String?
    var content: String?

    /// Whether there is nothing to store (the column is then NULL).
    var isEmpty: Bool { summary == nil && content == nil }

    /// The payload's bytes.
    var payload: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity((summary?.utf8.count ?? 0) + (content?.utf8.count ?? 0) + 6)
        bytes.append((summary == nil ? 0 : 1) | (content == nil ? 0 : 2))
        if let summary {
            var length = summary.utf8.count
            repeat {
                bytes.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
                length >>= 7
            } while length > 0
            bytes.append(contentsOf: summary.utf8)
        }
        if let content { bytes.append(contentsOf: content.utf8) }
        return bytes
    }

    init(summary: String?, content: String?) {
        self.summary = summary
        self.content = content
    }

    /// The summary and content of `payload`.
    /// - Throws: `StoredHTMLError.malformed` when the bytes are not such a payload.
    init(payload: UnsafeRawBufferPointer) throws(StoredHTMLError) {
        guard let flags = payload.first, flags & ~3 == 0 else { throw StoredHTMLError.malformed("unknown flags") }
        var offset = 1
        if flags & 1 != 0 {
            var length = 0, shift = 0
            while true {
                guard offset < payload.count, shift < 35 else { throw StoredHTMLError.malformed("summary length") }
                let byte = payload[offset]
                offset += 1
                length |= Int(byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 { break }
            }
            guard length <= payload.count - offset else { throw StoredHTMLError.malformed("summary past the end") }
            summary = String(decoding: UnsafeRawBufferPointer(rebasing: payload[offset..<offset + length]), as: UTF8.self)
            offset += length
        }
        if flags & 2 != 0 {
            content = String(decoding: UnsafeRawBufferPointer(rebasing: payload[offset...]), as: UTF8.self)
        } else if offset != payload.count {
            throw StoredHTMLError.malformed("bytes after the summary")
        }
    }
}

/// Why a stored `item.html` value could not be read back.
enum StoredHTMLError: Error, CustomStringConvertible {
    /// The value is not a zstd frame zstd could decompress (the reason is zstd's).
    case undecodable(String)
    /// The frame names a dictionary the database does not have.
    case missingDictionary(UInt32)
    /// The frame decompresses to more than `TextCompressor.maximumPayload` bytes, or does not
    /// say how much.
    case tooLarge
    /// The decompressed bytes are not a `StoredHTML` payload.
    case malformed(String)

    var description: String {
        switch self {
        case .undecodable(let reason): "the stored text cannot be decompressed: \(reason)"
        case .missingDictionary(let id): "the stored text needs compression dictionary \(id), which the database does not have"
        case .tooLarge: "the stored text is larger than any item can be"
        case .malformed(let what): "the stored text is malformed (\(what))"
        }
    }
}
