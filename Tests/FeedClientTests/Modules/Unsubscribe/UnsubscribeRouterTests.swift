import FeedIPC
import Testing
@testable import FeedClient

struct UnsubscribeRouterTests {
    @Test func assemblesAWorkingModule() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Unsubscribe.self, .init(feed: Fixtures.feed(5, title: "Gone", items: 1)))
        let status = await UnsubscribeRouter.assemble(selector: "5", dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Unsubscribed from \"Gone\" (1 item deleted)\n")
    }

    @Test func anUnknownFeedFails() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.Unsubscribe.self, with: RPCError(.notFound, "no feed matches 'zzz'"))
        let status = await UnsubscribeRouter.assemble(selector: "zzz", dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.err == "tidings: cannot unsubscribe from 'zzz': no feed matches 'zzz'\n")
    }
}
