import Foundation

/// libfaketime from Debian's `faketime` package: a process started with `environment(_:)`
/// through `launcher` sees its wall clock moved (all threads, the multi-threaded variant of the
/// library). Started directly with the library preloaded, a Swift program loses its arguments
/// (`tidingsd --version` prints the usage), so it is started by a shell that has the library
/// loaded already and replaces itself with the program.
enum Faketime {
    /// Runs the command that follows as `exec` in a shell.
    static let launcher = ["/bin/sh", "-c", "exec \"$@\"", "sh"]

    static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"

    static var isInstalled: Bool { FileManager.default.fileExists(atPath: library) }

    /// Variables that move the wall clock by `offset` (libfaketime's syntax, e.g. `+2d`).
    /// Monotonic time stays real: timers and timeouts do not care what the wall clock says.
    static func environment(_ offset: String) -> [String: String] {
        ["LD_PRELOAD": library, "FAKETIME": offset, "FAKETIME_DONT_FAKE_MONOTONIC": "1"]
    }
}
