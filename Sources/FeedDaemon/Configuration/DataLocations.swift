import Glibc
import Foundation

/// Default file locations (XDG base directories), as in docs/ARCHITECTURE.md.
public struct DataLocations: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    private var home: String { environment["HOME"] ?? "/" }

    private func base(_ variable: String, fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home + "/" + fallback
    }

    /// `$XDG_CONFIG_HOME/tidings/config.yaml`.
    public var configFile: String { base("XDG_CONFIG_HOME", fallback: ".config") + "/tidings/config.yaml" }

    /// `$XDG_DATA_HOME/tidings/tidings.sqlite`.
    public var database: String { base("XDG_DATA_HOME", fallback: ".local/share") + "/tidings/tidings.sqlite" }

    /// `$XDG_CACHE_HOME/tidings/images`: article images as fetched (`ImageCache`).
    public var imageCache: String { base("XDG_CACHE_HOME", fallback: ".cache") + "/tidings/images" }

    /// Creates the directory that will hold `file`, mode 0700, when it is missing (an existing
    /// directory keeps its mode).
    /// - Throws: `DataLocationError` naming the directory.
    public static func createPrivateDirectory(forFile file: String) throws(DataLocationError) {
        let directory = (file as NSString).deletingLastPathComponent
        guard !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DataLocationError(message: "cannot create \(directory): \(error.localizedDescription)")
        }
    }
}

public struct DataLocationError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
