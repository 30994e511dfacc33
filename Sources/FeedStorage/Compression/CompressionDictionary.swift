import CZstd
import Foundation

/// A zstd dictionary trained on this database's own items, ready to compress (`cdict`) and to
/// decompress (`ddict`) with.
///
/// zstd's digested dictionaries are read-only once made and may be shared by any number of
/// threads at once, which is what makes this class `Sendable`.
final class CompressionDictionary: @unchecked Sendable {
    /// zstd's id of the dictionary, which every frame compressed with it names.
    let id: UInt32
    /// The dictionary as trained, as the database keeps it.
    let bytes: Data
    let cdict: OpaquePointer
    let ddict: OpaquePointer

    /// Digests `bytes`; `nil` when they are not a zstd dictionary (no id) or zstd cannot load them.
    init?(bytes: Data, level: Int32) {
        let id = bytes.withUnsafeBytes { ZSTD_getDictID_fromDict($0.baseAddress, $0.count) }
        guard id != 0 else { return nil }
        let made = bytes.withUnsafeBytes { buffer in
            (ZSTD_createCDict(buffer.baseAddress, buffer.count, level), ZSTD_createDDict(buffer.baseAddress, buffer.count))
        }
        guard let cdict = made.0, let ddict = made.1 else {
            ZSTD_freeCDict(made.0)
            ZSTD_freeDDict(made.1)
            return nil
        }
        self.id = id
        self.bytes = bytes
        self.cdict = cdict
        self.ddict = ddict
    }

    deinit {
        ZSTD_freeCDict(cdict)
        ZSTD_freeDDict(ddict)
    }
}
