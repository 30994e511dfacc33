import Glibc

/// Writing all of some bytes to a file descriptor: a `write(2)` may take fewer bytes than it was
/// given (a pipe, a terminal) or be interrupted by a signal (the reader's resizes), and the rest
/// is written again from where it stopped.
enum DescriptorOutput {
    /// Writes `bytes` whole to `descriptor`.
    /// - Returns: `nil` once everything is written; the `errno` of the write that failed.
    @discardableResult
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let start = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, start + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            offset += written
        }
        return nil
    }

    /// Writes `text`'s UTF-8 whole to `descriptor`; see `writeAll(_:to:)`.
    @discardableResult
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
