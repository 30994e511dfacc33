import FeedIPC
import Testing
@testable import FeedClient

struct ImportFeedsInteractorTests {
    static let opml = #"<opml version="2.0"><body><outline text="A" xmlUrl="https://a.example/feed"/></body></opml>"#

    @Test func readsTheFileAndSendsItsText() async throws {
        let daemon = DaemonClientStub()
        let skip = ImportSkip(entry: "exec:~/bin/script", location: "line 7", reason: "commands are not imported")
        daemon.stub(RPC.Import.self, .init(format: .opml, added: [Fixtures.feed(4)], existing: [Fixtures.feed(5)], skipped: [skip]))
        let reader = ImportFileReaderStub(.success(Self.opml))
        let result = try await ImportFeedsInteractor(daemon: daemon, reader: reader).importFeeds(from: "subs.opml", format: nil)
        #expect(result == ImportedFeeds(format: .opml, added: [Fixtures.feed(4)], existing: [Fixtures.feed(5)], skipped: [skip]))
        #expect(reader.reads.map(\.path) == ["subs.opml"])
        #expect(reader.reads.map(\.limit) == [1_000_000])
        #expect(daemon.params(of: RPC.Import.self) == [.init(document: Self.opml, format: nil)])
    }

    @Test func passesTheFormatOn() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Import.self, .init(format: .newsboat, added: [], existing: [], skipped: []))
        _ = try await ImportFeedsInteractor(daemon: daemon, reader: ImportFileReaderStub(.success("https://a/\n")))
            .importFeeds(from: "-", format: .newsboat)
        #expect(daemon.params(of: RPC.Import.self).map(\.format) == [.newsboat])
    }

    @Test func aFileThatCannotBeReadSendsNothing() async {
        let daemon = DaemonClientStub()
        let reader = ImportFileReaderStub(.failure(.unreadable("No such file or directory")))
        await #expect(throws: ImportFileError.unreadable("No such file or directory")) {
            try await ImportFeedsInteractor(daemon: daemon, reader: reader).importFeeds(from: "nope.opml", format: nil)
        }
        #expect(daemon.methods.isEmpty)
    }

    @Test func aDocumentThatOutgrowsOneRequestOnceEscapedIsRefusedBeforeSending() async {
        // 600,000 quotes pass the file limit but double when escaped as JSON.
        let daemon = DaemonClientStub()
        let reader = ImportFileReaderStub(.success(String(repeating: "\"", count: 600_000)))
        await #expect(throws: ImportFileError.requestTooLarge) {
            try await ImportFeedsInteractor(daemon: daemon, reader: reader).importFeeds(from: "quotes.txt", format: nil)
        }
        #expect(daemon.methods.isEmpty)
    }

    @Test func daemonErrorsArePassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Import.self, with: RPCError(.invalidParams, "the OPML document is not well-formed: line 3"))
        await #expect(throws: RPCError(.invalidParams, "the OPML document is not well-formed: line 3")) {
            try await ImportFeedsInteractor(daemon: daemon, reader: ImportFileReaderStub(.success("<opml>")))
                .importFeeds(from: "bad.opml", format: nil)
        }
    }
}
