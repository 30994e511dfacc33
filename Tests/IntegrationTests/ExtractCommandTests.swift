import Foundation
import Testing

/// `tidingsd extract`, the real binary on saved pages: one page's title and text, `--html`,
/// `--json` for several pages in one process (a page that cannot be read named, the others
/// still extracted), and its exit status.
@Suite(.timeLimit(.minutes(3)))
final class ExtractCommandTests {
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-extract-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The real pages of FeedParsingTests' extraction fixtures (source.html of each folder).
    private static let pages: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FeedParsingTests/Fixtures/extraction")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).appendingPathComponent("source.html").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }()

    private func extract(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessResult.run(
            Binaries.daemon, ["extract"] + arguments, environment: DaemonHarness.baseEnvironment(home: directory.path))
    }

    @Test func onePagePrintsItsTitleAndText() async throws {
        let page = directory.appendingPathComponent("page.html")
        try Data("""
            <html><head><title>Night trains are back | Rail Weekly</title></head><body>
            <nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <article><p>Night trains return to the timetable this winter, with sleeper cars between six capitals, new couchettes, and a restaurant car on the longest runs.</p>
            <p>Tickets go on sale in <a href="/tickets">the usual places</a> from Monday, and the first trains leave on the second Sunday of December.</p></article>
            </body></html>
            """.utf8).write(to: page)
        let result = try await extract([page.path, "--url", "https://rail.example/2026/night-trains"])
        #expect(result.status == 0, "\(result)")
        #expect(result.out.hasPrefix("Night trains are back\n\nNight trains return to the timetable"), "\(result)")
        #expect(!result.out.contains("Home"))
        let html = try await extract([page.path, "--html", "--url", "https://rail.example/2026/night-trains"])
        #expect(html.out.contains(#"<a href="https://rail.example/tickets">the usual places</a>"#), "\(html)")
    }

    @Test func jsonPrintsALinePerPageAndNamesThePageItCouldNotRead() async throws {
        #expect(Self.pages.count >= 3, "the extraction fixtures are missing")
        let missing = directory.appendingPathComponent("missing.html").path
        let result = try await extract(["--json"] + Self.pages + [missing])
        #expect(result.status == 1, "\(result)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == Self.pages.count + 1)
        for (line, page) in zip(lines, Self.pages) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["file"] as? String == page)
            #expect(object["method"] as? String == "scored", "\(page)")
            #expect(((object["text"] as? String)?.count ?? 0) > 500, "\(page)")
            #expect((object["html"] as? String)?.hasPrefix("<") == true)
        }
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect(last["file"] as? String == missing)
        #expect((last["error"] as? String)?.contains("No such file") == true, "\(last)")
    }

    @Test func severalPagesWithoutJSONAreRefused() async throws {
        let result = try await extract(Array(Self.pages.prefix(2)))
        #expect(result.status == 64, "\(result)")
        #expect(result.err.contains("--json"), "\(result)")
    }
}
