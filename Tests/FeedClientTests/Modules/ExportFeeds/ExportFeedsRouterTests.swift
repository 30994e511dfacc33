import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct ExportFeedsRouterTests {
    @Test func newsboatToStdout() async {
        let test = ModuleTestDependencies()
        var feed = Fixtures.feed(2, title: "Mine")
        feed.tags = ["linux"]
        feed.hasCustomTitle = true
        test.daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1), feed]))
        test.daemon.stub(RPC.ListViews.self, .init(views: [
            SavedView(name: "Rust news", query: "is:unread tag:linux title:rust", origin: .config),
            SavedView(name: "Kept", query: "is:starred", origin: .stored),
        ]))
        let status = await ExportFeedsRouter.assemble(format: .newsboat, output: nil, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == """
            https://planet.example.org/rss.xml
            https://planet.example.org/rss.xml linux "~Mine"
            "query:Rust news:unread = \\"yes\\" and tags # \\"linux\\" and title =~ \\"rust\\""
            # view 'Kept': is:starred (not written: is:starred: newsboat has no stars)

            """)
        #expect(test.terminal.err == "view 'Kept' is not written as a query feed: is:starred: newsboat has no stars\n")
    }

    @Test func opmlToAFileThroughTheWriter() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1)]))
        let writer = ExportFileWriterSpy()
        let status = await ExportFeedsRouter.assemble(
            format: .opml, output: "subs.opml", dependencies: test.dependencies, writer: writer
        ).run()
        #expect(status == .success)
        #expect(writer.writes.map(\.path) == ["subs.opml"])
        #expect(writer.writes.first?.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\" xmlns:tidings=\"https://tidings.invalid/opml\">\n") == true)
        #expect(test.terminal.out == "Exported 1 feed to subs.opml\n")
    }

    @Test func theModuleEndsWithThePresentersStatus() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await ExportFeedsRouter.assemble(format: .opml, output: nil, dependencies: test.dependencies).run() == .daemonUnreachable)
    }
}
