import Glibc

/// The client's reading of the user's config file, `$XDG_CONFIG_HOME/tidings/config.yaml`
/// (default `~/.config`): the same file the daemon reads by default, for the settings that
/// are the client's own (`browser`, `autostart`, the reader's `keys`, `reader`, `macros` and `colors`).
public struct ConfigFileSettings: ClientSettings {
    /// The file's path; `nil` when neither `XDG_CONFIG_HOME` nor `HOME` is an absolute path.
    public let path: String?
    private let uid: UInt32

    /// - Parameters:
    ///   - environment: the process environment (`XDG_CONFIG_HOME`, `HOME`).
    ///   - uid: the user the file must belong to (or root).
    public init(environment: [String: String], uid: UInt32 = getuid()) {
        path = Self.configHome(environment).map { $0 + "/tidings/config.yaml" }
        self.uid = uid
    }

    public func browser() throws -> String? {
        guard let path, let file = Self.contents(of: path) else { return nil }
        // Only the user (or root) may name a program the client runs.
        guard file.owner == uid || file.owner == 0 else {
            throw ClientSettingsError.untrustedFile(path: path, reason: "it belongs to another user (uid \(file.owner))")
        }
        guard file.mode & 0o022 == 0 else {
            throw ClientSettingsError.untrustedFile(
                path: path, reason: "others may write to it (mode \(String(file.mode & 0o777, radix: 8))); run: chmod go-w \(path)")
        }
        do {
            guard let browser = try TopLevelScalars(file.text).value(of: "browser"),
                  !browser.allSatisfy(\.isWhitespace)
            else { return nil }
            return browser
        } catch {
            throw ClientSettingsError.unreadableValue(path: path, key: "browser", line: error.line)
        }
    }

    public func reader() throws -> ReaderSettings {
        // Keys and the reader's settings run nothing, so the file need not pass the checks
        // `browser()` makes.
        guard let path, let file = Self.contents(of: path) else { return .defaults }
        let scalars = TopLevelScalars(file.text)
        func mapping(_ key: String) throws(ClientSettingsError) -> [TopLevelScalars.Entry]? {
            do {
                return try scalars.mapping(of: key)
            } catch {
                throw .unreadableMapping(path: path, key: key, line: error.line)
            }
        }
        return try ReaderSettingsParser(path: path).settings(keys: mapping("keys"), reader: mapping("reader"), macros: mapping("macros"), colors: mapping("colors"))
    }

    /// Whether the file says `autostart: false` (or `no`, `off`). A file that cannot be read
    /// does not opt out.
    public func disablesAutostart() -> Bool {
        guard let path, let file = Self.contents(of: path) else { return false }
        return Self.disablesAutostart(file.text)
    }

    /// Whether the YAML text has a top-level `autostart: false` (or `no`, `off`, quoted or not,
    /// with or without a comment); when the key appears twice, the last one counts.
    static func disablesAutostart(_ text: String) -> Bool {
        guard let value = try? TopLevelScalars(text).value(of: "autostart") else { return false }
        return ["false", "no", "off"].contains(value.lowercased())
    }

    /// An absolute `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    private static func configHome(_ environment: [String: String]) -> String? {
        if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") { return value }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config"
    }

    /// The text, owner and mode of a regular file of at most 1 MiB; `nil` when it is missing,
    /// unreadable, not a regular file or larger.
    private static func contents(of path: String) -> (text: String, owner: UInt32, mode: UInt32)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 1 << 20 else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= 1 << 20 {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                return (String(decoding: bytes, as: UTF8.self), info.st_uid, UInt32(info.st_mode) & 0o7777)
            }
            bytes += chunk[..<count]
        }
        return nil
    }
}
