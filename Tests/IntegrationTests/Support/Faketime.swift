import Foundation

/// libfaketime from Debian's `faketime` package: a process started with `environment(_:)`
/// sees its wall clock moved (all threads, the multi-threaded variant of the library).
enum Faketime {
    static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"

    static var isInstalled: Bool { FileManager.default.fileExists(atPath: library) }

    /// Variables that move the wall clock by `offset` (libfaketime's syntax, e.g. `+2d`).
    /// Monotonic time stays real: timers and timeouts do not care what the wall clock says.
    static func environment(_ offset: String) -> [String: String] {
        ["LD_PRELOAD": library, "FAKETIME": offset, "FAKETIME_DONT_FAKE_MONOTONIC": "1"]
    }
}
