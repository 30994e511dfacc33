import Glibc

/// Reads the file to import with POSIX calls: a regular file's size is checked before a byte
/// is read, and standard input is read only until it passes the limit.
public struct POSIXImportFileReader: ImportFileReader {
    public init() {}

    public func text(ofFileAt path: String, limit: Int) throws -> String {
        let standardInput = path == "-"
        let descriptor = standardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportFileError.unreadable(Self.reason(errno)) }
        defer { if !standardInput { close(descriptor) } }

        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > limit {
            throw ImportFileError.tooLarge(limit: limit)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportFileError.unreadable(Self.reason(errno))
            }
            if count == 0 { break }
            bytes += buffer[..<count]
            if bytes.count > limit { throw ImportFileError.tooLarge(limit: limit) }
        }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else { throw ImportFileError.notUTF8 }
        return text
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
