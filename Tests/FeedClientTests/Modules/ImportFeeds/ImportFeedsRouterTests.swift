import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

struct ImportFeedsRouterTests {
    @Test func importsWhatTheReaderReadsAndSummarises() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Import.self, .init(
            format: .newsboat, added: [Fixtures.feed(4)], existing: [Fixtures.feed(1)],
            skipped: [ImportSkip(entry: "exec:~/bin/script", location: "line 7", reason: "commands are not imported")]))
        let reader = ImportFileReaderStub(.success("https://a.example/feed linux\n"))
        let status = await ImportFeedsRouter.assemble(
            path: "urls", format: nil, json: false, dependencies: test.dependencies, reader: reader
        ).run()
        #expect(status == .success)
        #expect(test.daemon.params(of: RPC.Import.self) == [.init(document: "https://a.example/feed linux\n", format: nil)])
        #expect(test.terminal.outLines == ["Imported 1 feed (1 already subscribed, 1 skipped); the daemon fetches it now"])
        #expect(test.terminal.errLines == ["skipped line 7: exec:~/bin/script: commands are not imported"])
    }

    @Test func jsonReportsTheFeedsAsFeedsDoes() async throws {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Import.self, .init(format: .opml, added: [Fixtures.feed(4)], existing: [], skipped: []))
        let status = await ImportFeedsRouter.assemble(
            path: "subs.opml", format: .opml, json: true, dependencies: test.dependencies, reader: ImportFileReaderStub(.success("<opml/>"))
        ).run()
        #expect(status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(test.terminal.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["format", "added", "existing", "skipped", "views", "existingViews"])
        #expect(test.terminal.out.hasPrefix(#"{"format":"opml","added":[{"number":4,"title":"Planet Terminal","#))
    }

    @Test func theRealReaderReportsAMissingFile() async {
        let test = ModuleTestDependencies()
        let status = await ImportFeedsRouter.assemble(
            path: "/nonexistent/tidings/subs.opml", format: nil, json: false, dependencies: test.dependencies
        ).run()
        #expect(status == .failure)
        #expect(test.terminal.err == "tidings: cannot import /nonexistent/tidings/subs.opml: No such file or directory\n")
        #expect(test.daemon.methods.isEmpty)
    }
}
