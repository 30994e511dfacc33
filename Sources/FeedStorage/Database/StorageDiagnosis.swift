import Foundation
import GRDB

/// What SQLite's storage failure means for the user, from the file system under the database:
/// a full disk, a file system gone read-only, a file the daemon may not write, a failing disk.
/// SQLite says "database or disk is full" or "disk I/O error" for all of them.
enum StorageDiagnosis {
    /// The phrase for the storage failure `code` (SQLite's primary result code) of the database
    /// at `path`, e.g. "the disk holding /home/u/.local/share/tidings is full".
    static func phrase(code: ResultCode, path: String) -> String {
        let directory = SQLiteFeedStore.directory(of: path)
        var info = statvfs()
        let known = statvfs(directory, &info) == 0
        if known, info.f_flag & UInt(ST_RDONLY) != 0 {
            return "the file system holding \(directory) is read-only"
        }
        let free = known ? UInt64(info.f_bavail) * UInt64(info.f_frsize) : nil
        switch code {
        case .SQLITE_FULL:
            if let free, free >= 1 << 20 {
                return "the disk holding \(directory) has too little room (\(free >> 20) MiB free)"
            }
            return "the disk holding \(directory) is full"
        case .SQLITE_READONLY:
            return "the database file \(path) cannot be written (its permissions, or the file system)"
        default:
            if let free, free == 0 { return "the disk holding \(directory) is full" }
            return "the disk under \(path) failed to read or write (an I/O error)"
        }
    }
}
