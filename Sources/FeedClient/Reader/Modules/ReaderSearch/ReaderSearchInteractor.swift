import FeedIPC

/// Trims the query and keeps it within what the daemon searches.
@MainActor
public final class ReaderSearchInteractor: ReaderSearchUseCase {
    public init() {}

    public func query(from text: String) -> Result<String, ReaderSearchRefusal> {
        let query = text.trimmingWhitespace
        if query.isEmpty { return .failure(ReaderSearchRefusal(message: "Type something to search for")) }
        if query.utf8.count > RPC.Search.maximumQueryBytes {
            return .failure(ReaderSearchRefusal(message: "The query is longer than \(RPC.Search.maximumQueryBytes) bytes"))
        }
        return .success(query)
    }
}
