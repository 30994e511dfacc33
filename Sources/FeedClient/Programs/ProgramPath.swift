import Glibc

/// Where the program of a command the user wrote is: a name is looked up in `PATH` as the
/// shell does, a path is taken as it is, `~/` at its start meaning the home directory.
public enum ProgramPath {
    /// The absolute path of an executable regular file, or `nil` when there is none.
    public static func resolve(_ name: String, environment: [String: String]) -> String? {
        var name = name
        if name.hasPrefix("~/"), let home = environment["HOME"], home.hasPrefix("/") {
            name = home + name.dropFirst()
        }
        if name.contains("/") {
            let path = name.hasPrefix("/") ? name : (currentDirectory() ?? ".") + "/" + name
            return isExecutableFile(path) ? path : nil
        }
        let search = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in search.split(separator: ":", omittingEmptySubsequences: true) where directory.hasPrefix("/") {
            let path = directory + "/" + name
            if isExecutableFile(path) { return path }
        }
        return nil
    }

    private static func currentDirectory() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let found = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { getcwd($0, pointer.count) != nil }
        }
        guard found, let end = buffer.firstIndex(of: 0) else { return nil }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
}
