import Glibc

/// Writes an export with POSIX calls: `mkstemp` beside the target, `write`, `fsync`, `rename`.
/// The new file gets the permissions a new file would (0666 less the umask), not mkstemp's 0600.
public struct AtomicExportFileWriter: ExportFileWriter {
    public init() {}

    public func write(_ text: String, toPath path: String) throws {
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        var template = Array((directory + ".tidings-export-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ExportFileError.unwritable(Self.reason(errno)) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        do {
            try Self.fill(descriptor, with: text)
            let mask = umask(0)
            umask(mask)
            guard fchmod(descriptor, 0o666 & ~mask) == 0, fsync(descriptor) == 0 else {
                throw ExportFileError.unwritable(Self.reason(errno))
            }
            closed = true
            // A delayed write error (NFS, a full disk) may show only here.
            guard close(descriptor) == 0 else { throw ExportFileError.unwritable(Self.reason(errno)) }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = Self.reason(errno)
            unlink(temporary)
            throw ExportFileError.unwritable(reason)
        }
    }

    private static func fill(_ descriptor: Int32, with text: String) throws {
        if let code = DescriptorOutput.writeAll(text, to: descriptor) {
            throw ExportFileError.unwritable(reason(code))
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
