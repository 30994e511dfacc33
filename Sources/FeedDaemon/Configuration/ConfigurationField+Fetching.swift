import Glibc
import FeedFetching
import Foundation

/// Readers of the keys that configure the fetcher: `user_agent`, `proxy`, `ca_file`.
extension ConfigurationField {
    /// The longest `user_agent` accepted: a header line, not a document.
    static let maximumUserAgentLength = 512

    /// `user_agent`: printable text on one line; empty or null keeps the standard one.
    func userAgent() throws(ConfigurationError) -> String? {
        guard let value = try optionalString() else { return nil }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw fail("must be one line of printable text")
        }
        guard value.utf8.count <= Self.maximumUserAgentLength else {
            throw fail("longer than \(Self.maximumUserAgentLength) bytes")
        }
        return value
    }

    /// `proxy`: a URL such as `http://proxy.example:3128` or `socks5h://127.0.0.1:1080`, without
    /// credentials; empty or null leaves the proxy to the environment. The value is not repeated
    /// in the error, in case it holds a password after all.
    func proxy() throws(ConfigurationError) -> String? {
        guard let value = try optionalString() else { return nil }
        if let problem = FetchOptions.proxyProblem(value) { throw fail(problem) }
        return value
    }

    /// `ca_file`: an absolute path (or `~/…`) to a regular file the daemon can read, checked
    /// when the configuration is read so that a typo is an error now rather than a TLS failure
    /// of every https feed later.
    func readableFile() throws(ConfigurationError) -> String? {
        guard let path = try path() else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { throw fail("cannot use '\(path)': \(String(cString: strerror(errno)))") }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw fail("'\(path)' is not a regular file") }
        guard access(path, R_OK) == 0 else { throw fail("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        return path
    }
}
