/// Why a background refresh failed, as one line.
struct ReaderRefreshFailure: Error, Sendable {
    var message: String
}
