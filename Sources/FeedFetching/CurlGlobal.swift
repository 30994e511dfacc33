import CCurl

/// libcurl's process-wide initialisation, done once however many managers exist.
///
/// `curl_global_init` is only thread-safe when libcurl reports CURL_VERSION_THREADSAFE; a Swift
/// static `let` is initialised exactly once under `swift_once`, which makes it safe everywhere.
/// It is never undone: `curl_global_cleanup` would race with any other user of libcurl in the
/// process, and the OS reclaims everything at exit.
enum CurlGlobal {
    private static let isInitialized: Bool = curl_global_init(tidings_curl_global_default()) == CURLE_OK

    /// Initialises libcurl on first use.
    /// - Returns: false if libcurl could not initialise (out of memory at start-up).
    @discardableResult
    static func initialize() -> Bool {
        isInitialized
    }
}
