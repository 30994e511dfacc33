import Glibc
import Foundation
import Testing
import TestSupport

/// A feed's secrets (tokens in headers, cookies, passwords) go only to the origin they were set
/// for, are never shown, and never have to be typed where other users can read them.
@Suite(.timeLimit(.minutes(3)))
struct FeedSecretsTests {
    static let feed = CommandFeedsTests.feed("Private", items: ["one"])

    /// Everything the daemon and client show of the feeds: none of it may hold a secret.
    static func shown(_ daemon: DaemonHarness) async throws -> String {
        var text = daemon.log()
        for arguments in [["feeds"], ["feeds", "--json"], ["feed", "show", "1"], ["feed", "show", "1", "--json"], ["export"],
                          ["export", "--format", "newsboat"], ["status"]] {
            let result = try await daemon.tidings(arguments)
            text += result.out + result.err
        }
        return text
    }

    /// The feed's server redirects it to another origin (another port): the secret headers,
    /// the cookie and the credentials stay behind, while both hops of the first origin had them.
    /// The secrets are given on standard input and in a 0600 file, never in argv.
    @Test func secretsStayWithTheirOriginAndOutOfSight() async throws {
        let server = try await TestHTTPServer.start()
        let other = try await TestHTTPServer.start()
        defer { Task { try? await server.stop(); try? await other.stop() } }
        server.route("/feed.xml", .ok(Self.feed))
        let daemon = try await DaemonHarness()
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        let tokenFile = daemon.directory.appendingPathComponent("token").path
        #expect(FileManager.default.createFile(atPath: tokenFile, contents: Data("from-file-7z\n".utf8), attributes: [.posixPermissions: 0o600]))
        let secrets = ["k3y-4242", "pr1vate-99", "m4rked-77", "c00kie-55", "from-file-7z", "s3ssion-11"]
        // Headers named as credentials, set the documented way in argv (their leak across
        // origins is the finding, whatever way they were given)...
        let named = try await daemon.tidings([
            "feed", "set", "1", "header=X-Api-Key: k3y-4242", "header=Private-Token: pr1vate-99", "header=X-Session: s3ssion-11",
            "header=X-Trace: visible-1",
        ])
        #expect(named.status == 0, "\(named)")
        // ...and secrets that never touch argv: standard input and a 0600 file.
        let input = """
            secret_header=X-Plain: m4rked-77
            cookie=sid=c00kie-55

            """
        let set = try await daemon.tidings(["feed", "set", "1", "--stdin", "header_file=X-Auth-Token: \(tokenFile)"], input: input)
        #expect(set.status == 0, "\(set)")
        server.route("/feed.xml", .redirect(to: "/moved.xml", status: 302))
        server.route("/moved.xml", .redirect(to: other.url("/landing.xml"), status: 301))
        other.route("/landing.xml", .ok(Self.feed))

        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)\n\(daemon.log())")
        for path in ["/feed.xml", "/moved.xml"] {
            let request = try #require(server.requests(for: path).last, "\(path)")
            #expect(request.header("X-Api-Key") == "k3y-4242" && request.header("X-Auth-Token") == "from-file-7z", "\(path)")
            #expect(request.header("X-Plain") == "m4rked-77" && request.header("Cookie") == "sid=c00kie-55", "\(path)")
        }
        let landing = try #require(other.requests(for: "/landing.xml").last)
        let sent = landing.headers.map { "\($0.0): \($0.1)" }.joined(separator: "\n")
        for secret in secrets { #expect(!sent.contains(secret), "\(secret) went to the other origin:\n\(sent)") }
        #expect(landing.header("X-Trace") == "visible-1")

        let shown = try await Self.shown(daemon)
        for secret in secrets { #expect(!shown.contains(secret), "\(secret) was shown") }
        #expect(shown.contains("X-Api-Key: (hidden)") && shown.contains("X-Plain: (hidden)") && shown.contains("visible-1"), "\(shown)")
        #expect(await daemon.stop() == 0)
    }

    /// A password in a feed's URL is taken out at subscribe and import: the server still gets
    /// it (as Basic authentication, to its own origin), nothing shows it.
    @Test func aPasswordInAFeedURLIsTakenOut() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.feed))
        server.route("/other.xml", .ok(CommandFeedsTests.feed("Other", items: ["two"])))
        let daemon = try await DaemonHarness()
        let address = server.url("/feed.xml").replacingOccurrences(of: "http://", with: "http://ada:pw-s3cr3t%21@")
        let subscribed = try await daemon.tidings(["subscribe", address])
        #expect(subscribed.status == 0, "\(subscribed)")
        // Basic ada:pw-s3cr3t!
        #expect(server.requests(for: "/feed.xml").last?.header("Authorization") == "Basic YWRhOnB3LXMzY3IzdCE=")
        let opml = daemon.directory.appendingPathComponent("list.opml")
        let listed = server.url("/other.xml").replacingOccurrences(of: "http://", with: "http://bob:0pml-pa55@")
        try #"<opml version="2.0"><body><outline text="Other" xmlUrl="\#(listed)"/></body></opml>"#
            .write(to: opml, atomically: true, encoding: .utf8)
        #expect(try await daemon.tidings(["import", opml.path]).status == 0)
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        #expect(server.requests(for: "/other.xml").last?.header("Authorization") == "Basic Ym9iOjBwbWwtcGE1NQ==")

        let shown = try await Self.shown(daemon)
        #expect(!shown.contains("pw-s3cr3t") && !shown.contains("0pml-pa55"), "\(shown)")
        let show = try await daemon.tidings(["feed", "show", "1"])
        #expect(show.out.contains("auth_user = ada") && show.out.contains("auth_password = (hidden)"), "\(show)")
        let feeds = try await HostileFilesTests.urls(daemon)
        #expect(feeds == [server.url("/feed.xml"), server.url("/other.xml")])
        #expect(await daemon.stop() == 0)
    }
}
