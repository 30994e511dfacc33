import FeedIPC
import Foundation
import Glibc
import Synchronization

/// Article images as fetched, on disk, so that an article drawn again (scrolled back to, opened
/// again, shown by `tidings show`) costs no fetch, and the pictures drawn from them for a
/// terminal (`.pic`, by image, form and size), so that it costs no decoding either: at most
/// `limit` bytes in all, the files used longest ago deleted first. A file is named by a hash of
/// its key (the URL; the URL with the form and size) and begins with the key on a line of its
/// own, which a read checks, so two keys of one hash never give each other's bytes. The
/// directory is private (0700, the user's own, no symbolic link: `PrivateDirectory`).
final class ImageCache: Sendable {
    let directory: String
    /// The most bytes kept; 0 keeps nothing.
    let limit: Int
    /// Bytes of one image kept at most: a bigger one is fetched each time.
    static let largestKept = 16 << 20
    private let lock = Mutex(())

    init(directory: String, limit: Int) {
        self.directory = directory
        self.limit = max(0, limit)
    }

    /// What `status` reports.
    struct Usage: Equatable {
        var bytes: Int
        var files: Int
    }

    /// The image kept for `url`, which is marked used now; `nil` when none is.
    func image(for url: String) -> Data? {
        read(url, suffix: ".img")
    }

    /// Keeps `bytes` for `url`, then deletes the files used longest ago until the cache is
    /// within its limit. Failures (a full disk, a directory that is not ours) keep nothing.
    func keep(_ bytes: Data, for url: String) {
        write(bytes, for: url, suffix: ".img")
    }

    /// The picture kept under `key` (an image's URL, form and size), marked used now.
    func picture(for key: String) -> Data? {
        read(key, suffix: ".pic")
    }

    /// Keeps a picture drawn under `key`, as `keep` keeps an image.
    func keepPicture(_ bytes: Data, for key: String) {
        write(bytes, for: key, suffix: ".pic")
    }

    private func read(_ key: String, suffix: String) -> Data? {
        lock.withLock { _ in
            let path = Self.path(in: directory, for: key, suffix: suffix)
            guard limit > 0, let contents = FileManager.default.contents(atPath: path) else { return nil }
            let header = Data(key.utf8) + Data([0x0A])
            guard contents.starts(with: header) else { return nil }
            utimes(path, nil)
            return contents.dropFirst(header.count).withUnsafeBytes { Data($0) }
        }
    }

    private func write(_ bytes: Data, for key: String, suffix: String) {
        guard limit > 0, bytes.count <= Self.largestKept, bytes.count <= limit else { return }
        lock.withLock { _ in
            guard prepare(), Self.replace(Self.path(in: directory, for: key, suffix: suffix), with: Data(key.utf8) + Data([0x0A]) + bytes)
            else { return }
            trim()
        }
    }

    /// The newest files made for image viewers that are kept (`viewable`).
    static let viewedKept = 16

    /// `bytes` of the image at `url` as a file of its own for an image viewer, named by the
    /// URL's hash with `suffix` (`.png`), in the private `view/` directory beside the cache's
    /// images, of which the newest `viewedKept` stay (a viewer still showing an older one has
    /// it open). `nil` when it cannot be written.
    func viewable(_ bytes: Data, for url: String, suffix: String) -> String? {
        lock.withLock { _ in
            let viewed = directory + "/view"
            do {
                guard prepare() else { return nil }
                try PrivateDirectory.prepare(viewed, uid: getuid(), tighten: true)
            } catch {
                return nil
            }
            let target = Self.path(in: viewed, for: url, suffix: suffix)
            guard Self.replace(target, with: bytes) else { return nil }
            let files = Self.regularFiles(in: viewed).filter { $0.path != target }.sorted { $0.used > $1.used }
            for old in files.dropFirst(Self.viewedKept - 1) { unlink(old.path) }
            return target
        }
    }

    /// The bytes and files kept now.
    func usage() -> Usage {
        lock.withLock { _ in
            entries().reduce(into: Usage(bytes: 0, files: 0)) { usage, entry in
                usage.bytes += entry.bytes
                usage.files += 1
            }
        }
    }

    // MARK: - Files

    /// The file for `key` in `directory`: named by FNV-1a of the key, 64 bits (a name, not a
    /// secret; the key inside a cached file settles collisions), with `suffix`.
    private static func path(in directory: String, for key: String, suffix: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return directory + "/" + String(hash, radix: 16) + suffix
    }

    /// Writes `contents` (0600) to `target` whole or not at all: a new file renamed over it.
    private static func replace(_ target: String, with contents: Data) -> Bool {
        let temporary = target + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: contents, attributes: [.posixPermissions: 0o600])
        else { return false }
        guard rename(temporary, target) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// The cache's parent made as the daemon makes its data's (0700), the cache itself private.
    private func prepare() -> Bool {
        do {
            try DataLocations.createPrivateDirectory(forFile: directory)
            try PrivateDirectory.prepare(directory, uid: getuid(), tighten: true)
            return true
        } catch {
            return false
        }
    }

    private struct Entry {
        var path: String
        var bytes: Int
        var used: Date
    }

    private func entries() -> [Entry] {
        Self.regularFiles(in: directory).filter { $0.path.hasSuffix(".img") || $0.path.hasSuffix(".pic") }
    }

    /// The regular files of `directory` (no symbolic link followed).
    private static func regularFiles(in directory: String) -> [Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.compactMap { name in
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            let used = TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9
            return Entry(path: path, bytes: Int(info.st_size), used: Date(timeIntervalSince1970: used))
        }
    }

    /// Deletes the files used longest ago until the rest fit the limit.
    private func trim() {
        var all = entries().sorted { $0.used < $1.used }
        var total = all.reduce(0) { $0 + $1.bytes }
        while total > limit, !all.isEmpty {
            let oldest = all.removeFirst()
            unlink(oldest.path)
            total -= oldest.bytes
        }
    }
}
