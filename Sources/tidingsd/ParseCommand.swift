import Glibc
import ArgumentParser
import FeedEntities
import FeedParsing
import Foundation

/// `tidingsd parse`: parses one feed document without a daemon and prints the JSON contract of
/// docs/parse-contract.md (what tools outside the project check the parser against).
///
/// The document streams through a `FeedParseSession`, whose items are encoded as they come, so
/// memory holds the items' JSON, not the document: a file is memory-mapped and the pages already
/// parsed are handed back to the kernel as the parser moves on; standard input is read chunk
/// by chunk.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse a feed file and print it as JSON (the tidingsd parse contract).",
        discussion: """
            Prints one JSON document and a newline: format, title, link, subtitle, language, updated, \
            author, image, wellFormed and the items. Exits with status 1 when the input is not a feed, \
            cannot be read or is larger than --max-size.
            """)

    /// A file named on the command line is the user's own, not a download from anywhere: it may
    /// be larger than what the daemon accepts from the network (`maximum_feed_size`, 32 MiB).
    static let defaultMaximumSize = 256 << 20

    /// Bytes handed to the parser at a time.
    static let chunkSize = 1 << 20

    @Argument(help: ArgumentHelp("The feed document; '-' reads standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp(
        "The URL the document came from; relative links are resolved against it (default: none, links stay as written after xml:base).",
        valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp(
        "The charset of the HTTP Content-Type header, as a fetch would have received it.", valueName: "name"))
    var charset: String?

    @Option(help: ArgumentHelp(
        "Refuse documents larger than this (bytes, or with a K, M or G suffix; default 256M).", valueName: "size"))
    var maxSize: String?

    func validate() throws {
        if let maxSize, Self.byteCount(maxSize) == nil {
            throw ValidationError("'--max-size' must be a positive number of bytes, optionally followed by K, M or G.")
        }
    }

    func run() throws {
        // Items are encoded as the parser hands them over (for a large RSS feed, on the session's
        // item thread while libxml2 reads on), and written after the feed's own fields.
        let items = EncodedItems()
        let session = FeedParseSession(
            baseURL: baseURL, charset: charset,
            maximumDocumentSize: maxSize.flatMap(Self.byteCount) ?? Self.defaultMaximumSize,
            encodingItemsInto: items)
        let feed: ParsedFeed
        do {
            if file == "-" { try readStandardInput(into: session) } else { try readFile(into: session) }
            feed = try session.finish()
        } catch {
            fail(error.description)
        }
        ParseContractEncoder().write(feed, items: items) { writeToStandardOutput($0) }
        Foundation.exit(EXIT_SUCCESS)
    }

    // MARK: - Input

    /// Maps the file and parses it in chunks, releasing each chunk's pages once it is parsed.
    private func readFile(into session: FeedParseSession) throws(FeedParsingError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            fail("cannot read: \(String(cString: strerror(EISDIR)))")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
        } catch {
            fail("cannot read: \(Self.reason(error))")
        }
        var failure: FeedParsingError?
        data.withUnsafeBytes { document in
            var offset = 0
            while offset < document.count {
                let end = min(offset + Self.chunkSize, document.count)
                do throws(FeedParsingError) {
                    try session.append(UnsafeRawBufferPointer(rebasing: document[offset..<end]))
                } catch {
                    failure = error
                    return
                }
                Self.releasePages(of: document, upTo: end)
                offset = end
            }
        }
        if let failure { throw failure }
    }

    /// Tells the kernel the mapped pages before `end` will not be read again, so they stop
    /// counting towards the process's memory. Only whole pages inside the buffer are released.
    private static func releasePages(of document: UnsafeRawBufferPointer, upTo end: Int) {
        guard let base = document.baseAddress else { return }
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let start = (UInt(bitPattern: base) + pageSize - 1) / pageSize * pageSize
        let stop = (UInt(bitPattern: base) + UInt(end)) / pageSize * pageSize
        guard stop > start, let pages = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pages, Int(stop - start), MADV_DONTNEED)
    }

    /// Reads standard input chunk by chunk into the session; the session's size limit stops a
    /// stream of any length early.
    private func readStandardInput(into session: FeedParseSession) throws(FeedParsingError) {
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                fail("cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            let outcome = buffer.withUnsafeBytes { bytes in
                Result { () throws(FeedParsingError) in try session.append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
            }
            try outcome.get()
        }
    }

    // MARK: - Output

    private func writeToStandardOutput(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(STDOUT_FILENO, start + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                fail("cannot write the output: \(String(cString: strerror(errno)))", subject: "stdout")
            }
            offset += written
        }
    }

    // MARK: - Helpers

    /// `4096`, `64K`, `32M`, `1G` (powers of 1024) as a byte count.
    static func byteCount(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30]
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var multiplier = 1
        if let last = digits.last?.lowercased().first, let factor = multipliers[last] {
            multiplier = factor
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// The system's reason for a failed read ("No such file or directory"), not Foundation's prose.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
            case NSFileReadNoPermissionError: return String(cString: strerror(EACCES))
            default: break
            }
        }
        return nsError.localizedDescription
    }

    private func fail(_ message: String, subject: String? = nil) -> Never {
        let subject = subject ?? (file == "-" ? "stdin" : file)
        FileHandle.standardError.write(Data("tidingsd: \(subject): \(message)\n".utf8))
        Foundation.exit(1)
    }
}
