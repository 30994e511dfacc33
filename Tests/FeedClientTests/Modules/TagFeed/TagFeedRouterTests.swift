import FeedIPC
import Testing
@testable import FeedClient

struct TagFeedRouterTests {
    @Test func assemblesAModuleThatPrintsTheTags() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.TagFeed.self, .init(feed: Fixtures.taggedFeed(3, tags: ["linux", "news"])))
        let status = await TagFeedRouter.assemble(
            selector: "3", changes: try! TagChanges(arguments: ["+news", "-old"]), dependencies: test.dependencies
        ).run()
        #expect(status == .success)
        #expect(test.daemon.params(of: RPC.TagFeed.self) == [.init(feed: "3", add: ["news"], remove: ["old"])])
        #expect(test.terminal.out == "Planet Terminal: linux, news\n")
    }

    @Test func aFailureIsOneLineOnStderr() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.TagFeed.self, with: RPCError(.invalidParams, "'a,b' is not a valid tag"))
        let status = await TagFeedRouter.assemble(selector: "3", changes: TagChanges(add: ["a,b"]), dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: cannot tag '3': 'a,b' is not a valid tag\n")
    }

    @Test func navigatingToExitRecordsTheStatus() {
        let router = TagFeedRouter()
        router.navigate(to: .exit(.success))
        #expect(router.exitStatus == .success)
    }
}
