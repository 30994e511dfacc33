import Glibc
import Foundation
import Synchronization
import TestSupport

/// A real Tiny Tiny RSS (Debian 12's `tt-rss`, API level 15) on 127.0.0.1 for the sync tests,
/// with a fresh account (`admin` / `password`, API enabled, no feeds) and the feeds it reads
/// served from this process.
///
/// - tt-rss runs as `php -S 127.0.0.1:PORT` as www-data in a process group of its own, on the
///   machine's PostgreSQL 15 (started on 127.0.0.1 if it is down, and left running: the next
///   run finds it). `Fixtures/ttrss/ttrss-fixture.sh` installs it (`make test` does) and resets
///   the database.
/// - Feeds are served by `feeds`, a `TestHTTPServer` on 127.0.0.1:80: this tt-rss fetches only
///   from ports 80 and 443 and refuses `localhost` and `127.*`, so feeds are subscribed as
///   `feedURL(name)`, `http://[::ffff:127.0.0.1]/NAME.xml`. Routes may change between two
///   `updateFeed` calls. tt-rss drops an article whose GUID another feed already brought:
///   every feed needs GUIDs of its own (`ManyFeeds.rss(feed:)` numbers them per feed).
/// - There is one database, so one server at a time in the whole test process: `start()` waits
///   for the previous one to stop. Tests using it belong in `.serialized` suites, and should
///   use `run(_:)`, which stops it whatever happens.
/// - Needs root (port 80, the switch to www-data) and the installed fixture; `start()` fails
///   with the fix otherwise, it does not skip.
final class TTRSSServer: Sendable {
    /// The fixture script, copied with the test resources.
    static var script: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures/ttrss/ttrss-fixture.sh", withExtension: nil) else {
                throw HarnessError("Fixtures/ttrss/ttrss-fixture.sh is missing from the test resources")
            }
            return url
        }
    }
    static let installHint = "run `make test`, or as root `make ttrss-fixture` (sh Tests/IntegrationTests/Fixtures/ttrss/ttrss-fixture.sh install)"
    static let www = "/usr/share/tt-rss/www"
    /// Whether this process may run it (root: it serves feeds on 127.0.0.1:80 and runs tt-rss as
    /// www-data). The suites that use it are skipped without, as every root-only test is.
    static var hasRoot: Bool { geteuid() == 0 }
    static let needsRoot = "needs root: tt-rss serves on 127.0.0.1:80 and runs as www-data (make test runs as root in CI)"
    /// One server at a time: there is one database and one port 80.
    private static let turn = AsyncLock()

    /// `http://127.0.0.1:PORT/api/`: where `TTRSSClient` sends its requests.
    let apiURL: URL
    /// Serves the feeds tt-rss fetches, on 127.0.0.1:80; add routes with `serveFeed` or directly.
    let feeds: TestHTTPServer
    /// A private directory with tt-rss's output (`php.log`) and the script's; removed by `stop()`.
    let directory: URL
    /// The `php -S` master: its pid, and the id of the process group its workers share.
    let php: pid_t
    private let isStopped = Atomic(false)

    private init(apiURL: URL, feeds: TestHTTPServer, directory: URL, php: pid_t) {
        self.apiURL = apiURL
        self.feeds = feeds
        self.directory = directory
        self.php = php
    }

    /// Starts a server, runs `body` with it and stops it, whether `body` returns or throws.
    static func run<T: Sendable>(_ body: (TTRSSServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Waits for the previous server to stop, resets the database to a fresh account, starts
    /// the feed server on 127.0.0.1:80 and tt-rss, and returns once tt-rss's API answers. Call
    /// `stop()` afterwards, or use `run(_:)`.
    /// - Throws: `HarnessError` naming the fix when the process is not root or tt-rss is not
    ///   installed, when port 80 is taken, or with tt-rss's output when it does not come up.
    static func start() async throws -> TTRSSServer {
        try checkPrerequisites()
        await turn.acquire()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-ttrss-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try await runScript(["setup"], in: directory)
            let feeds: TestHTTPServer
            do {
                feeds = try await TestHTTPServer.start(port: 80)
            } catch {
                throw HarnessError("the feed server cannot listen on 127.0.0.1:80 (tt-rss fetches feeds only from port 80): \(error)")
            }
            do {
                let (php, port) = try await startPHP(in: directory)
                let apiURL = URL(string: "http://127.0.0.1:\(port)/api/")!
                return TTRSSServer(apiURL: apiURL, feeds: feeds, directory: directory, php: php)
            } catch {
                try? await feeds.stop()
                throw error
            }
        } catch {
            try? FileManager.default.removeItem(at: directory)
            await turn.release()
            throw error
        }
    }

    /// Ends tt-rss (its whole process group) and the feed server, removes `directory` and lets
    /// the next test start a server. PostgreSQL stays up. Calling it again does nothing.
    func stop() async {
        guard !isStopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        await Self.stopGroup(php)
        try? await feeds.stop()
        try? FileManager.default.removeItem(at: directory)
        await Self.turn.release()
    }

    /// The last resort when a test forgot `stop()`: ends tt-rss so nothing outlives the tests,
    /// and lets the next server start.
    deinit {
        guard !isStopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        kill(-php, SIGKILL)
        Task { await Self.turn.release() }
    }

    /// Back to a fresh account (the schema again: no feeds, categories or articles; `admin`
    /// / `password`, API enabled). Sessions end with it: log in again afterwards.
    /// - Throws: `HarnessError` with the script's output.
    func reset() async throws {
        try await Self.runScript(["setup"], in: directory)
    }

    /// Logs in through the API with the fixed User-Agent (`TTRSSClient.userAgent`).
    /// - Throws: `TTRSSError` with tt-rss's answer (`LOGIN_ERROR`, `API_DISABLED`).
    func login(user: String = "admin", password: String = "password") async throws -> TTRSSClient {
        try await TTRSSClient.login(apiURL: apiURL, user: user, password: password)
    }

    // MARK: - Feeds

    /// The URL tt-rss fetches `/NAME.xml` of `feeds` from: `http://[::ffff:127.0.0.1]/NAME.xml`
    /// (the IPv4-mapped form of 127.0.0.1, which tt-rss's check for local addresses misses).
    func feedURL(_ name: String) -> String { "http://[::ffff:127.0.0.1]/\(name).xml" }

    /// Serves `xml` as `/NAME.xml` (an RSS content type) from now on, replacing what was there.
    func serveFeed(_ name: String, _ xml: String) {
        feeds.route("/\(name).xml", .ok(xml))
    }

    // MARK: - What the API cannot do

    /// Makes a category of `admin`'s (the API has no call for it) and returns its id.
    /// - Throws: `HarnessError` with psql's output.
    func createCategory(_ title: String, parentID: Int? = nil) async throws -> Int {
        let parent = parentID.map(String.init) ?? "NULL"
        let output = try await sql("INSERT INTO ttrss_feed_categories (owner_uid, title, parent_cat) VALUES (1, \(Self.literal(title)), \(parent)) RETURNING id")
        guard let id = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError("createCategory: no id in psql's output: \(output)")
        }
        return id
    }

    /// Renames feed `feedID` on the server's side, as its web interface would.
    func renameFeed(_ feedID: Int, to title: String) async throws {
        _ = try await sql("UPDATE ttrss_feeds SET title = \(Self.literal(title)) WHERE id = \(feedID)")
    }

    /// Moves feed `feedID` into category `categoryID` (`nil`: uncategorized) on the server's side.
    func moveFeed(_ feedID: Int, toCategory categoryID: Int?) async throws {
        _ = try await sql("UPDATE ttrss_feeds SET cat_id = \(categoryID.map(String.init) ?? "NULL") WHERE id = \(feedID)")
    }

    /// Runs `statement` with psql as the tt-rss database owner and returns what it printed
    /// (unaligned, tuples only: one row a line, columns split by `|`).
    /// - Throws: `HarnessError` with psql's output when the statement fails.
    func sql(_ statement: String) async throws -> String {
        try await Self.runScript(["sql", "-At", "-c", statement], in: directory)
    }

    /// `text` as an SQL string literal (standard_conforming_strings: only `'` is special).
    private static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\0", with: "").replacingOccurrences(of: "'", with: "''") + "'"
    }

    // MARK: - Diagnostics

    /// tt-rss's output and the feed requests so far, for expectation messages.
    var logs: String {
        let php = (try? String(contentsOf: directory.appendingPathComponent("php.log"), encoding: .utf8)) ?? ""
        // PHP 8.2 warns about tt-rss's own code on every request; the rest is worth reading.
        let lines = php.split(separator: "\n").filter { !$0.contains("PHP Warning") && !$0.contains("PHP Deprecated") }
        let requests = feeds.requests.map { "\($0.method) \($0.path)" }
        return "--- tt-rss (php -S, warnings left out)\n\(lines.suffix(60).joined(separator: "\n"))\n"
            + "--- feed requests\n\(requests.joined(separator: "\n"))\n"
    }

    private static func checkPrerequisites() throws {
        guard geteuid() == 0 else {
            throw HarnessError("TTRSSServer needs root: it serves feeds on 127.0.0.1:80 and runs tt-rss as www-data. Run the tests as root (CI runs `make test` as root).")
        }
        let needed = ["\(www)/api/index.php", "/etc/tt-rss/database.php", "/usr/bin/php", "/usr/bin/psql", "/usr/bin/setpriv"]
        if let missing = needed.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw HarnessError("tt-rss is not installed (\(missing) is missing): \(installHint)")
        }
    }
}
