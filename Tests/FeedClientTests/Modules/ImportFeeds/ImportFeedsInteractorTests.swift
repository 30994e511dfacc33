import FeedEntities
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
        let result = try await ImportFeedsInteractor(daemon: daemon, reader: reader).importFeeds(from: "subs.opml", format: nil, allowCommands: false)
        #expect(result == ImportedFeeds(format: .opml, added: [Fixtures.feed(4)], existing: [Fixtures.feed(5)], skipped: [skip]))
        #expect(reader.reads.map(\.path) == ["subs.opml"])
        #expect(reader.reads.map(\.limit) == [1_000_000])
        #expect(daemon.params(of: RPC.Import.self) == [.init(document: Self.opml, format: nil)])
    }

    @Test func passesTheFormatOn() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Import.self, .init(format: .newsboat, added: [], existing: [], skipped: []))
        _ = try await ImportFeedsInteractor(daemon: daemon, reader: ImportFileReaderStub(.success("https://a/\n")))
            .importFeeds(from: "-", format: .newsboat, allowCommands: false)
        #expect(daemon.params(of: RPC.Import.self).map(\.format) == [.newsboat])
    }

    @Test func aFileThatCannotBeReadSendsNothing() async {
        let daemon = DaemonClientStub()
        let reader = ImportFileReaderStub(.failure(.unreadable("No such file or directory")))
        await #expect(throws: ImportFileError.unreadable("No such file or directory")) {
            try await ImportFeedsInteractor(daemon: daemon, reader: reader).importFeeds(from: "nope.opml", format: nil, allowCommands: false)
        }
        #expect(daemon.methods.isEmpty)
    }

    @Test func aDocumentThatOutgrowsOneRequestOnceEscapedIsRefusedBeforeSending() async {
        // 600,000 quotes pass the file limit but double when escaped as JSON.
        let daemon = DaemonClientStub()
        let reader = ImportFileReaderStub(.success(String(repeating: "\"", count: 600_000)))
        await #expect(throws: ImportFileError.requestTooLarge) {
            try await ImportFeedsInteractor(daemon: daemon, reader: reader).importFeeds(from: "quotes.txt", format: nil, allowCommands: false)
        }
        #expect(daemon.methods.isEmpty)
    }

    @Test func daemonErrorsArePassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Import.self, with: RPCError(.invalidParams, "the OPML document is not well-formed: line 3"))
        await #expect(throws: DaemonRefusal(RPCError(.invalidParams, "the OPML document is not well-formed: line 3"))) {
            try await ImportFeedsInteractor(daemon: daemon, reader: ImportFileReaderStub(.success("<opml>")))
                .importFeeds(from: "bad.opml", format: nil, allowCommands: false)
        }
    }

    @Test func allowingCommandsIsSentOnlyWhenAsked() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Import.self, .init(format: .newsboat, added: [], existing: [], skipped: []))
        let interactor = ImportFeedsInteractor(daemon: daemon, reader: ImportFileReaderStub(.success("exec:~/bin/x\n")))
        _ = try await interactor.importFeeds(from: "urls", format: nil, allowCommands: false)
        _ = try await interactor.importFeeds(from: "urls", format: nil, allowCommands: true)
        #expect(daemon.params(of: RPC.Import.self).map(\.allowCommands) == [nil, true])
    }

    /// A daemon before protocol 1.13 ignores `allowCommands` and would subscribe to the file's
    /// command feeds: the file is not sent to it.
    @Test func aDaemonThatWouldRunTheFilesCommandsIsNotSentTheFile() async throws {
        let daemon = DaemonClientStub()
        daemon.helloResult = .init(protocolVersion: "1.12", daemonVersion: "0.0.9")
        daemon.stub(RPC.Import.self, .init(format: .newsboat, added: [], existing: [], skipped: []))
        let interactor = ImportFeedsInteractor(daemon: daemon, reader: ImportFileReaderStub(.success("exec:~/bin/x\n")))
        await #expect(throws: DaemonWouldRunCommands(daemon.helloResult, would: "subscribe to the file's command feeds without a word")) {
            try await interactor.importFeeds(from: "urls", format: nil, allowCommands: false)
        }
        #expect(daemon.methods.isEmpty)
        // Told to subscribe to commands anyway, the old daemon's behaviour is what was asked.
        _ = try await interactor.importFeeds(from: "urls", format: nil, allowCommands: true)
        #expect(daemon.methods == [RPC.Import.name])
    }
}
