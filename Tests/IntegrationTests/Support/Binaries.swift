import Foundation

/// Locates the built `tidingsd` and `tidings` next to the test bundle (`swift build --build-tests`
/// puts every product in one directory), or in `TIDINGS_BIN_DIR`.
enum Binaries {
    static let directory: URL = {
        if let explicit = ProcessInfo.processInfo.environment["TIDINGS_BIN_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        var url = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        // The runner may live inside an .xctest bundle directory; walk up to the products.
        for _ in 0..<4 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("tidingsd").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")
    }()

    static var daemon: URL { directory.appendingPathComponent("tidingsd") }
    static var client: URL { directory.appendingPathComponent("tidings") }
}
