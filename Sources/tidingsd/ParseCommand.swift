#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import FeedEntities
import FeedParsing
import Foundation

/// `tidingsd parse`: parses one feed document without a daemon and prints the JSON contract of
/// docs/ARCHITECTURE.md (what tools outside the project check the parser against).
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse a feed file and print it as JSON (the tidingsd parse contract).",
        discussion: """
            Prints one JSON document and a newline: format, title, link, subtitle, language, updated, \
            author, image, wellFormed and the items. Exits with status 1 when the input is not a feed.
            """)

    @Argument(help: ArgumentHelp("The feed document; '-' reads standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp(
        "The URL the document came from; relative links are resolved against it (default: none, links stay as written after xml:base).",
        valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp(
        "The charset of the HTTP Content-Type header, as a fetch would have received it.", valueName: "name"))
    var charset: String?

    func run() throws {
        let parser = LibXMLFeedParser()
        let data = read(limit: parser.maximumDocumentSize)
        let feed: ParsedFeed
        do {
            feed = try parser.parse(data, baseURL: baseURL, charset: charset)
        } catch {
            fail(error.description)
        }
        let output = ParseContractEncoder().encode(feed)
        output.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    fail("cannot write the output: \(String(cString: strerror(errno)))", name: "stdout")
                }
                offset += written
            }
        }
    }

    /// The document's bytes. A file is memory-mapped, so its size costs address space, not
    /// memory; standard input is read up to one byte past the limit, enough for the parser to
    /// refuse it as too large without reading a stream of any length to its end.
    private func read(limit: Int) -> Data {
        if file == "-" {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while data.count <= limit {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    fail("cannot read: \(String(cString: strerror(errno)))")
                }
                if count == 0 { break }
                data.append(contentsOf: buffer[..<count])
            }
            return data
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            fail("cannot read: \(String(cString: strerror(EISDIR)))")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
        } catch {
            fail("cannot read: \(Self.reason(error))")
        }
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

    private func fail(_ message: String, name: String? = nil) -> Never {
        let subject = name ?? (file == "-" ? "stdin" : file)
        FileHandle.standardError.write(Data("tidingsd: \(subject): \(message)\n".utf8))
        Foundation.exit(1)
    }
}
