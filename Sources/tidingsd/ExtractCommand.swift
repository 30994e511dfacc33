import ArgumentParser
import FeedParsing
import Foundation

/// `tidingsd extract`: finds the article in saved web pages without a daemon, as the daemon
/// does for an item's page (`ArticleExtractor`), so the extractor can be checked and measured
/// alone. One page prints its title and text (or its clean HTML with `--html`); `--json`
/// prints one JSON object per page and line, so a thousand pages cost one process start.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract the article of saved web pages (the daemon's full-text extractor).",
        discussion: """
            Prints the article's title, a blank line and its text; --html prints its clean HTML instead. \
            With --json, one JSON object per page and line: file, title, byline, siteName, leadImage, \
            method, truncated, images, html, text (or file and error for a page that could not be read). \
            Exits with status 1 when a page cannot be read.
            """)

    /// Pages named on the command line are the user's own files: a page larger than this is
    /// read up to it (what the daemon reads of a download is its own limit).
    static let maximumPageSize = 64 << 20

    @Argument(help: ArgumentHelp("Saved pages; '-' reads standard input.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp(
        "The address the page came from: links and images are made absolute against it.", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("The charset of the HTTP Content-Type header, if one was received.", valueName: "name"))
    var charset: String?

    @Flag(help: "Print one JSON object per page and line.")
    var json = false

    @Flag(help: "Print the article's clean HTML rather than its text.")
    var html = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one page, or '-' for standard input.") }
        if files.count > 1, !json { throw ValidationError("Several pages need --json (one object per line).") }
        if json, html { throw ValidationError("--json already holds the HTML; leave out --html.") }
    }

    func run() throws {
        let extractor = ArticleExtractor()
        var failed = false
        for file in files {
            let page: Data
            do {
                page = try read(file)
            } catch {
                failed = true
                if json {
                    write(Data(ExtractedArticle.json(file: file, error: error.description) + [0x0A]))
                } else {
                    FileHandle.standardError.write(Data("tidingsd: \(file == "-" ? "stdin" : file): \(error.description)\n".utf8))
                }
                continue
            }
            let article = extractor.extract(page, url: url, charset: charset)
            if json {
                write(Data(article.json(file: file) + [0x0A]))
            } else if html {
                write(Data((article.html + "\n").utf8))
            } else {
                let heading = article.title.map { "\($0)\n\n" } ?? ""
                write(Data((heading + article.text + "\n").utf8))
            }
        }
        if failed { throw ExitCode.failure }
    }

    private func read(_ file: String) throws(ReadFailure) -> Data {
        if file == "-" {
            let data = FileHandle.standardInput.readData(ofLength: Self.maximumPageSize)
            return data
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw ReadFailure(description: "cannot read: \(String(cString: strerror(ENOENT)))")
        }
        if isDirectory.boolValue { throw ReadFailure(description: "cannot read: \(String(cString: strerror(EISDIR)))") }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw ReadFailure(description: "cannot read: \(String(cString: strerror(EACCES)))")
        }
        defer { try? handle.close() }
        do {
            return try handle.read(upToCount: Self.maximumPageSize) ?? Data()
        } catch {
            throw ReadFailure(description: "cannot read: \(error.localizedDescription)")
        }
    }

    private func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }
}

private struct ReadFailure: Error, CustomStringConvertible {
    let description: String
}
