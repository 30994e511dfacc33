import Foundation
import Testing

/// `tidingsd parse`, run as tools outside the project run it: the real binary, its exit status,
/// what it writes to stdout and stderr.
@Suite(.timeLimit(.minutes(3)))
final class ParseCommandTests {
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-parse-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    private func file(_ name: String, _ contents: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    private func fixture(_ name: String) throws -> String {
        try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent(name).path
    }

    private func parse(_ arguments: [String], stdin: String? = nil) async throws -> ProcessResult {
        let environment = DaemonHarness.baseEnvironment(home: directory.path)
        guard let stdin else {
            return try await ProcessResult.run(Binaries.daemon, ["parse"] + arguments, environment: environment)
        }
        let process = Process()
        process.executableURL = Binaries.daemon
        process.arguments = ["parse"] + arguments
        process.environment = environment
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        async let stdout = ProcessResult.readAll(out.fileHandleForReading)
        async let stderr = ProcessResult.readAll(err.fileHandleForReading)
        let (outData, errData) = await (stdout, stderr)
        await ProcessResult.waitForExit(process)
        return ProcessResult(status: process.terminationStatus, stdout: outData, stderr: errData)
    }

    private func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    @Test func printsTheContractForAFeedFile() async throws {
        let result = try await parse([try fixture("rss2.xml")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.out.hasSuffix("}\n"))
        #expect(result.out.dropLast().contains("\n") == false, "one document on one line")
        #expect(result.out.hasPrefix(#"{"format":"rss2.0","title":"Planet Terminal","link":"https://planet.example.org/","#))
        let feed = try json(result)
        #expect(feed["updated"] as? String == "2026-11-21T18:30:00Z")
        #expect(feed["author"] is NSNull)
        #expect(feed["wellFormed"] as? Bool == true)
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.first?["id"] as? String == "planet-terminal-2026-0042")
        #expect(items.first?["published"] as? String == "2026-11-21T18:30:00Z")
        #expect(items.allSatisfy { $0.count == 10 })
    }

    @Test func readsStandardInputForADash() async throws {
        let result = try await parse(["-"], stdin: #"<feed xmlns="http://www.w3.org/2005/Atom"><title>From stdin</title></feed>"#)
        #expect(result.status == 0, "\(result)")
        #expect(try json(result)["format"] as? String == "atom1.0")
        #expect(try json(result)["title"] as? String == "From stdin")
    }

    @Test func relativeLinksStayRelativeUnlessABaseURLIsGiven() async throws {
        let path = try file("relative.xml", """
            <rss version="2.0"><channel><link>/</link>
            <item><link>posts/1.html</link><description>&lt;img src="i.png"&gt;</description></item>
            </channel></rss>
            """)
        let asWritten = try json(try await parse([path]))
        #expect(asWritten["link"] as? String == "/")
        #expect((asWritten["items"] as? [[String: Any]])?.first?["link"] as? String == "posts/1.html")

        let resolved = try json(try await parse([path, "--base-url", "https://example.org/blog/feed.xml"]))
        #expect(resolved["link"] as? String == "https://example.org/")
        let item = try #require((resolved["items"] as? [[String: Any]])?.first)
        #expect(item["link"] as? String == "https://example.org/blog/posts/1.html")
        #expect(item["summary"] as? String == #"<img src="https://example.org/blog/i.png">"#)
    }

    @Test func charsetOptionIsTheHTTPCharset() async throws {
        // "Café" in ISO-8859-1 with no XML declaration: only the HTTP charset can say so.
        let url = directory.appendingPathComponent("latin1.xml")
        var bytes = Data("<rss version=\"2.0\"><channel><title>Caf".utf8)
        bytes.append(0xE9)
        bytes.append(contentsOf: Data("</title></channel></rss>".utf8))
        try bytes.write(to: url)
        let result = try await parse([url.path, "--charset", "iso-8859-1"])
        #expect(result.status == 0, "\(result)")
        #expect(try json(result)["title"] as? String == "Café")
    }

    @Test func notAFeedExitsWithStatusOne() async throws {
        let path = try file("page.html", "<!DOCTYPE html><html><head><title>Home</title></head><body></body></html>")
        let result = try await parse([path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.err == "tidingsd: \(path): not a feed: HTML page\n")

        let empty = try await parse(["-"], stdin: "")
        #expect(empty.status == 1)
        #expect(empty.err.hasPrefix("tidingsd: stdin: not a feed: "))
    }

    @Test func maxSizeRefusesLargerDocuments() async throws {
        let items = String(repeating: "<item><title>An item of a large feed</title></item>\n", count: 40)
        let document = "<rss version=\"2.0\"><channel><title>Big</title>\n" + items + "</channel></rss>\n"
        let path = try file("big.xml", document)
        #expect(try await parse([path]).status == 0)

        let refused = try await parse([path, "--max-size", "1K"])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.err == "tidingsd: \(path): document larger than 1024 bytes\n")

        let fromStandardInput = try await parse(["-", "--max-size", "2048"], stdin: document)
        #expect(fromStandardInput.status == 1)
        #expect(fromStandardInput.err == "tidingsd: stdin: document larger than 2048 bytes\n")

        let invalid = try await parse([path, "--max-size", "lots"])
        #expect(invalid.status == 64)
        #expect(invalid.err.contains("--max-size"))
    }

    @Test func unreadableInputExitsWithStatusOne() async throws {
        let missing = directory.appendingPathComponent("missing.xml").path
        let result = try await parse([missing])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.err == "tidingsd: \(missing): cannot read: No such file or directory\n")

        let folder = try await parse([directory.path])
        #expect(folder.status == 1)
        #expect(folder.err == "tidingsd: \(directory.path): cannot read: Is a directory\n")
    }
}
