import Foundation
import TestSupport

extension DocExamplesTests {
    /// A daemon, local feeds and a browser stub for the examples of one document.
    struct World: Sendable {
        /// The status of `timeout` when the command was still running.
        static let stillRunning: Int32 = 124

        let server: TestHTTPServer
        let daemon: DaemonHarness
        let environment: [String: String]
        /// Each site an example names, and the local URL that stands in for it.
        let sites: [(example: String, local: String)]

        /// The rules of README.md, so that `tidings rules` has something to show.
        static let config = """
            rules:
              - name: no-sponsored
                title: "/(?i)sponsored|promoted/"
                actions: [read, hide]
            """

        static func start() async throws -> World {
            let server = try await TestHTTPServer.start()
            server.route("/many.xml", .ok(ManyFeeds.rss(feed: 1, items: 15)))
            server.route("/cafe.xml", .ok(try WorkflowTests.fixture("cafe.xml")))
            server.route("/atom.xml", .ok(try WorkflowTests.fixture("atom.xml"), contentType: "application/atom+xml"))
            server.route("/planet.xml", .ok(try WorkflowTests.fixture("rss2.xml")))
            server.route("/lwn/", .ok(
                #"<html><head><title>LWN</title><link rel="alternate" type="application/rss+xml" href="/lwn/headlines.rss"></head><body></body></html>"#,
                contentType: "text/html; charset=utf-8"))
            server.route("/lwn/headlines.rss", .ok(ManyFeeds.rss(feed: 2, items: 3)))
            // Whatever an example makes the daemon fetch goes through the local server as a proxy
            // (which answers 404), so no example reaches the network; local URLs go direct.
            let daemon = try await DaemonHarness(config: config, environment: [
                "http_proxy": server.baseURL, "https_proxy": server.baseURL, "no_proxy": "127.0.0.1",
            ], logLevel: nil)

            // Feeds 1-3 with items 1-19, Kernel Notes last (the documents' feed 3).
            for path in ["/many.xml", "/cafe.xml", "/atom.xml"] {
                let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
                guard subscribed.status == 0 else { throw HarnessError("subscribing to \(path): \(subscribed)") }
            }
            // The directories the completion examples write to: the `mkdir -p` line before them
            // is not a `tidings` line, so it is not run.
            for directory in [".local/share/bash-completion/completions", ".local/share/zsh/site-functions", ".config/fish/completions"] {
                try FileManager.default.createDirectory(
                    at: daemon.directory.appendingPathComponent(directory), withIntermediateDirectories: true)
            }
            let newsboat = daemon.directory.appendingPathComponent(".newsboat")
            try FileManager.default.createDirectory(at: newsboat, withIntermediateDirectories: true)
            try """
                # feeds of a newsboat user
                \(server.url("/planet.xml")) linux news "~Planet Terminal"
                \(server.url("/atom.xml")) linux
                "query:Unread:unread = \"yes\""
                """.write(to: newsboat.appendingPathComponent("urls"), atomically: true, encoding: .utf8)

            // Stand-ins for programs the examples use: notify-send never notifies from a test, and
            // less is cat where it is not installed. Links, not scripts written here, which a child
            // another test forks meanwhile could hold open (ETXTBSY).
            let stubs = daemon.directory.appendingPathComponent("stubs")
            try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
            var standIns = ["notify-send": "/bin/true"]
            if !FileManager.default.isExecutableFile(atPath: "/usr/bin/less") { standIns["less"] = "/bin/cat" }
            for (program, standIn) in standIns {
                try FileManager.default.createSymbolicLink(
                    atPath: stubs.appendingPathComponent(program).path, withDestinationPath: standIn)
            }

            var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path)
            environment["TIDINGS_SOCKET"] = daemon.socketPath
            environment["PATH"] = [Binaries.directory.path, stubs.path, "/usr/bin", "/bin"].joined(separator: ":")
            environment["BROWSER"] = try BrowserScript(in: daemon.directory).command
            environment["COLUMNS"] = "80"
            // Longest first, so that a site is replaced before a shorter one inside it.
            let sites = [
                ("https://planet.example.org/rss.xml", server.url("/planet.xml")),
                ("https://lwn.net", server.url("/lwn/")),
                ("lwn.net", server.url("/lwn/")),  // subscribe takes a bare host name as https
            ].sorted { $0.0.count > $1.0.count }
            return World(server: server, daemon: daemon, environment: environment, sites: sites)
        }

        /// Runs the example through bash in `$HOME`, its sites replaced by local ones; a `watch`
        /// under `timeout 1`. An example naming a site with no stand-in is not run.
        func run(_ example: DocExample) async throws -> ProcessResult {
            var command = example.command
            for (site, local) in sites { command = command.replacingOccurrences(of: site, with: local) }
            let links = try NSRegularExpression(pattern: #"https?://[^\s"'<>]+"#)
            for match in links.matches(in: command, range: NSRange(command.startIndex..., in: command)) {
                let link = String(command[Range(match.range, in: command)!])
                guard link.hasPrefix(server.baseURL) else {
                    throw HarnessError("\(example): no local stand-in for \(link); add one to DocExamplesTests.World.sites")
                }
            }
            var arguments = ["/bin/bash", "-c", #"cd "$HOME" && "# + command]
            if example.subcommand == "watch" { arguments = ["/usr/bin/timeout", "1"] + arguments }
            return try await ProcessResult.run(
                URL(fileURLWithPath: arguments[0]), Array(arguments.dropFirst()), environment: environment)
        }

        func stop() {
            let server = server
            Task { try? await server.stop() }
        }
    }
}
