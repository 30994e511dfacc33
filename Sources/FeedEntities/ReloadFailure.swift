#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A reload of the configuration that was refused (SIGHUP or `daemon.reload`).
public struct ReloadFailure: Codable, Sendable, Hashable {
    /// When the daemon tried.
    public var at: Date
    /// Why, naming the file, line and key: `/home/u/.config/tidings/config.yaml line 3: 'concurrency': …`.
    public var error: String

    public init(at: Date, error: String) {
        self.at = at
        self.error = error
    }
}
