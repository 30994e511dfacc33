import Foundation

/// Many local feeds for the robustness tests (ShutdownTests, CrashSafetyTests): RSS documents of
/// varied sizes, the OPML list that subscribes them all in one `tidings import`, and the
/// database check afterwards.
enum ManyFeeds {
    /// An RSS 2.0 document of `count` items, numbered from `first`, each `padding` bytes long.
    static func rss(feed: Int, items count: Int, first: Int = 0, padding: Int = 200) -> String {
        let filler = String(repeating: "lorem ipsum ", count: max(1, padding / 12))
        let items = (first..<(first + count)).map { index in
            """
            <item><title>Feed \(feed) item \(index)</title><link>http://example.org/\(feed)/\(index)</link>\
            <guid>feed-\(feed)-item-\(index)</guid><pubDate>Mon, 02 Nov 2026 10:\(String(format: "%02d", index % 60)):00 GMT</pubDate>\
            <description>\(filler)</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Feed \(feed)</title><link>http://example.org/\(feed)</link>
            <description>test feed \(feed)</description>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// An OPML 2.0 list of `urls`.
    static func opml(_ urls: [String]) -> String {
        let outlines = urls.enumerated().map { index, url in
            #"<outline type="rss" text="Feed \#(index)" xmlUrl="\#(url)"/>"#
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Many</title></head><body>
            \(outlines.joined(separator: "\n"))
            </body></opml>
            """
    }

    /// Writes the OPML of `urls` into `directory` and subscribes them through `tidings import`
    /// run by `tidings` (the daemon refreshes new feeds right after answering).
    static func importAll(
        _ urls: [String], directory: URL, tidings: ([String]) async throws -> ProcessResult
    ) async throws -> ProcessResult {
        let file = directory.appendingPathComponent("feeds-\(UUID().uuidString.prefix(4)).opml")
        try opml(urls).write(to: file, atomically: true, encoding: .utf8)
        return try await tidings(["import", file.path])
    }

    /// `PRAGMA integrity_check` of the database at `path` through the sqlite3 command-line
    /// tool: `ok`, or what it found.
    static func integrityCheck(_ path: String) async throws -> String {
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [path, "PRAGMA integrity_check;"], environment: ["LANG": "C.UTF-8"])
        return (result.out + result.err).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `sql` on the database at `path` with the sqlite3 command-line tool, as a user would.
    /// - Returns: its standard output, trimmed; `status` and `err` are in `result`.
    @discardableResult
    static func sqlite3(_ path: String, _ sql: String) async throws -> (out: String, result: ProcessResult) {
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [path, sql], environment: ["LANG": "C.UTF-8"])
        return (result.out.trimmingCharacters(in: .whitespacesAndNewlines), result)
    }

    /// Whether the sqlite3 command-line tool is installed (a test dependency, see the Makefile).
    static var haveSQLite3: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") }
}
