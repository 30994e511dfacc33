import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SearchRouterTests {
    @Test func pipedHitsAreListLines() async {
        let test = ModuleTestDependencies(isTTY: false)
        test.daemon.stub(RPC.Search.self, .init(hits: [
            SearchHit(item: Fixtures.item(5, title: "Window rules", link: "https://x.example/5"), title: searchMarked("Window rules", "Window"), snippet: "no"),
        ]))
        let status = await SearchRouter.assemble(query: .init(text: "window"), json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.outLines == ["5\t2026-11-22T10:00:00Z\tPlanet Terminal\tWindow rules\thttps://x.example/5\tunread"])
        #expect(test.daemon.methods == ["items.search"])
    }

    @Test func noHitsInJSONIsAnEmptyDocument() async {
        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.Search.self, .init(hits: []))
        let status = await SearchRouter.assemble(query: .init(text: "zzz"), json: true, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "{\"hits\":[],\"partial\":false,\"unindexed\":0}\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func noHitsOnATerminalIsANoteOnStderr() async {
        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.Search.self, .init(hits: []))
        let status = await SearchRouter.assemble(query: .init(text: "zzz"), json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.errLines == ["No items match 'zzz'."])
    }

    @Test func anUnreachableDaemonIsOneLineAndExitThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/tmp/x.sock", reason: .noSocket)
        let status = await SearchRouter.assemble(query: .init(text: "x"), json: false, dependencies: test.dependencies).run()
        #expect(status == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
        #expect(test.terminal.out.isEmpty)
    }
}
