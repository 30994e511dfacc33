@testable import FeedDaemon
import TestSupport
import FeedFetching
import Foundation
import Testing

/// Scripts written by the test are the programs (`#!/bin/sh` is theirs to use); the fetcher
/// itself runs them with an argv, in the home directory.
struct CommandFeedFetcherTests {
    let home: String
    let inner = RemoteDataManagerStub()
    let recorder = LogRecorder()

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-cmd-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/bin", withIntermediateDirectories: true)
    }

    private func fetcher(timeout: Duration = .seconds(30), maximumBodySize: Int = 32 << 20) -> CommandFeedFetcher {
        CommandFeedFetcher(
            wrapping: inner,
            options: FetchOptions(transferTimeout: timeout, maximumBodySize: maximumBodySize, userAgent: "test"),
            process: SupervisedProcess(environment: ["PATH": "/usr/bin:/bin", "HOME": home], logger: recorder.logger))
    }

    private func script(_ name: String, _ body: String) throws {
        let path = home + "/bin/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    @Test func execAnswersTheProgramsOutputFromTheHomeDirectory() async throws {
        try script("feed", #"pwd; for a in "$@"; do echo "[$a]"; done; echo note >&2"#)
        let response = try await fetcher().fetch(FetchRequest(url: "exec:~/bin/feed  'a b' '$(touch x)'", allowsCommand: true))
        #expect(response.status == 200)
        #expect(response.finalURL == "exec:~/bin/feed 'a b' '$(touch x)'")
        #expect(String(decoding: response.body, as: UTF8.self) == "\(home)\n[a b]\n[$(touch x)]\n")
        #expect(recorder.lines == ["info: exec:~/bin/feed: note"])
        #expect(!FileManager.default.fileExists(atPath: home + "/x"))
    }

    @Test func filterPipesTheDocumentThroughTheProgram() async throws {
        try script("upper", "tr a-z A-Z")
        inner.serve("https://example.org/feed", body: "<rss>hello</rss>")
        let response = try await fetcher().fetch(FetchRequest(url: "filter:~/bin/upper:https://example.org/feed", allowsCommand: true))
        #expect(response.status == 200)
        #expect(response.finalURL == "https://example.org/feed")
        #expect(response.contentType == nil && response.permanentRedirect == nil)
        #expect(String(decoding: response.body, as: UTF8.self) == "<RSS>HELLO</RSS>")
    }

    @Test func streamsToASinkInPieces() async throws {
        try script("big", "head -c 200000 /dev/zero")
        let sink = CollectingSink()
        let response = try await fetcher().fetch(FetchRequest(url: "exec:~/bin/big", allowsCommand: true), bodySink: sink)
        #expect(response.body.isEmpty)
        #expect(sink.received == 200_000 && sink.pieces > 1)
        #expect(sink.began == "exec:~/bin/big")
    }

    /// An address that came from data (autodiscovery, a reading service) never runs: the
    /// request does not allow a command, so none starts, whatever the address says.
    @Test func aCommandTheRequestDoesNotAllowIsRefusedUnrun() async throws {
        try script("feed", "touch ~/ran; echo '<rss/>'")
        for url in ["exec:~/bin/feed", "EXEC:~/bin/feed", "filter:~/bin/feed:https://example.org/feed"] {
            await #expect(throws: FetchError.unsupportedScheme(url.prefix { $0 != ":" }.lowercased())) {
                try await fetcher().fetch(FetchRequest(url: url))
            }
            await #expect(throws: FetchError.self) {
                try await fetcher().fetch(FetchRequest(url: url), bodySink: CollectingSink())
            }
        }
        #expect(!FileManager.default.fileExists(atPath: home + "/ran"))
        #expect(inner.requests(for: "https://example.org/feed") == 0)
    }

    @Test func theWebGoesToTheWrappedFetcher() async throws {
        inner.serve("https://example.org/feed", body: "<rss/>")
        let response = try await fetcher().fetch(FetchRequest(url: "https://example.org/feed"))
        #expect(String(decoding: response.body, as: UTF8.self) == "<rss/>")
        #expect(inner.requests(for: "https://example.org/feed") == 1)
    }

    @Test func failuresAreOneLineNamingTheProgramOnly() async throws {
        try script("fails", "echo the-secret-output; exit 3")
        await #expect(throws: FetchError.other("exec:~/bin/fails exited with status 3")) {
            try await fetcher().fetch(FetchRequest(url: "exec:~/bin/fails --token s3cret", allowsCommand: true))
        }
        await #expect(throws: FetchError.other("exec:missing-\(home.count) cannot start: missing-\(home.count): not found or not executable")) {
            try await fetcher().fetch(FetchRequest(url: "exec:missing-\(home.count)", allowsCommand: true))
        }
        await #expect(throws: FetchError.other("exec: the command uses the shell's ';', but Tidings runs the program itself, without a shell: quote it ('…') to pass it as it is, or put the pipeline in a script")) {
            try await fetcher().fetch(FetchRequest(url: "exec:a;b", allowsCommand: true))
        }
        inner.fail("https://example.org/gone", with: .httpStatus(404))
        await #expect(throws: FetchError.httpStatus(404)) {
            try await fetcher().fetch(FetchRequest(url: "filter:~/bin/fails:https://example.org/gone", allowsCommand: true))
        }
    }

    @Test(.timeLimit(.minutes(3))) func aProgramThatHangsTimesOut() async throws {
        try script("hangs", "sleep 600")
        await #expect(throws: FetchError.other("exec:~/bin/hangs timed out after 1 s")) {
            try await fetcher(timeout: .seconds(1)).fetch(FetchRequest(url: "exec:~/bin/hangs", allowsCommand: true))
        }
    }

    @Test(.timeLimit(.minutes(3))) func aProgramThatPrintsTooMuchIsStopped() async throws {
        try script("floods", "yes")
        await #expect(throws: FetchError.other("exec:~/bin/floods printed more than 64 KiB: stopped it")) {
            try await fetcher(maximumBodySize: 64 << 10).fetch(FetchRequest(url: "exec:~/bin/floods", allowsCommand: true))
        }
    }
}

/// Counts what a fetch streams to it.
private final class CollectingSink: FetchBodySink, @unchecked Sendable {
    var began: String?
    var received = 0
    var pieces = 0

    func begin(finalURL: String, contentType: String?) -> Bool {
        began = finalURL
        return true
    }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        received += bytes.count
        pieces += 1
        return true
    }
}
