import Foundation

/// The device and inode a path names: what stays the same while a file is written, and changes
/// when another file is renamed over the path.
struct FileIdentity: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path` (following symbolic links, as SQLite does); `nil` with
    /// `errno` set when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
