import Glibc

/// Writes a text the user asked to keep (a saved article) to a file of their choosing: a new
/// file unless told to replace one, never through a symbolic link at the path (another user's
/// link in a shared directory would send it elsewhere), never into a FIFO or device.
public enum TextFile {
    /// `path` with a leading `~` or `~/` made the home directory.
    public static func expanded(_ path: String, home: String?) -> String {
        guard let home, home.hasPrefix("/") else { return path }
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }

    /// - Throws: `ArticleSaveError.exists` when the file is there and not `replacing`;
    ///   `.failed` naming the system's reason otherwise.
    public static func write(_ text: String, to path: String, replacing: Bool) throws(ArticleSaveError) {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (replacing ? 0 : O_EXCL)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw .exists(path: path) }
            if code == ELOOP { throw .failed(path: path, reason: "it is a symbolic link, which is not written through") }
            throw .failed(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .failed(path: path, reason: "not a regular file")
        }
        if replacing, ftruncate(descriptor, 0) != 0 { throw .failed(path: path, reason: String(cString: strerror(errno))) }
        if let code = DescriptorOutput.writeAll(text, to: descriptor) {
            throw .failed(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// A file name for an article from its title: letters, digits, `-` and `_` kept, each run
    /// of anything else (blanks, punctuation, `/` and `.`, so nothing that could make a path
    /// or hide the file) as one `_` between words, at most 80 characters; `fallback` for a
    /// title with no letter or digit.
    public static func name(for title: String, fallback: String) -> String {
        var name = ""
        var lastWasBlank = false
        for character in title {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                name.append(character)
                lastWasBlank = false
            } else if !lastWasBlank, !name.isEmpty {
                name.append("_")
                lastWasBlank = true
            }
            if name.count >= 80 { break }
        }
        while name.last == "_" { name.removeLast() }
        return name.contains(where: { $0.isLetter || $0.isNumber }) ? name : fallback
    }
}
