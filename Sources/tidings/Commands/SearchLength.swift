import ArgumentParser
import FeedIPC

/// The client's side of the daemon's limit on search queries: refused as a usage error before
/// anything is sent.
enum SearchLength {
    /// - Throws: `ValidationError` when `query` is longer than `RPC.Search.maximumQueryBytes`.
    static func validate(_ query: String, option: String) throws {
        let bytes = query.utf8.count
        guard bytes > RPC.Search.maximumQueryBytes else { return }
        throw ValidationError("\(option) is \(bytes) bytes long; at most \(RPC.Search.maximumQueryBytes) are searched.")
    }
}
