import FeedIPC
import Testing
@testable import FeedClient

struct ExportFeedsInteractorTests {
    @Test func listsEveryFeed() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListFeeds.self, .init(feeds: ExportFixtures.feeds))
        let feeds = try await ExportFeedsInteractor(daemon: daemon, writer: ExportFileWriterSpy()).feeds()
        #expect(feeds == ExportFixtures.feeds)
        #expect(daemon.params(of: RPC.ListFeeds.self) == [.init(tag: nil)])
    }

    @Test func savesThroughTheWriter() throws {
        let writer = ExportFileWriterSpy()
        try ExportFeedsInteractor(daemon: DaemonClientStub(), writer: writer).save("text", toPath: "out.opml")
        #expect(writer.writes.map(\.text) == ["text"])
        #expect(writer.writes.map(\.path) == ["out.opml"])
    }

    @Test func writerErrorsArePassedOn() {
        let writer = ExportFileWriterSpy()
        writer.error = .unwritable("No space left on device")
        #expect(throws: ExportFileError.unwritable("No space left on device")) {
            try ExportFeedsInteractor(daemon: DaemonClientStub(), writer: writer).save("text", toPath: "out.opml")
        }
    }
}
