import FeedIPC
import Testing
@testable import FeedClient

struct WatchRouterTests {
    @Test func pipedNewItemsArePlainLinesUntilTheDaemonStops() async {
        let test = ModuleTestDependencies(isTTY: false)
        test.daemon.stub(RPC.Watch.self, Empty())
        test.daemon.notificationLines[RPC.Watch.name] = [
            WatchLines.newItems([Fixtures.item(8, title: "Eight", link: "https://x.example/8")]),
            WatchLines.raw(#"{"jsonrpc":"2.0","method":"items.new","params":{"items":"no"}}"#),
            WatchLines.newItems([Fixtures.item(9, title: "Nine", link: "https://x.example/9")]),
        ]
        let status = await WatchRouter.assemble(json: false, dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.outLines == [
            "8\t2026-11-22T10:00:00Z\tPlanet Terminal\tEight\thttps://x.example/8\tunread",
            "9\t2026-11-22T10:00:00Z\tPlanet Terminal\tNine\thttps://x.example/9\tunread",
        ])
        #expect(test.terminal.errLines.count == 2)
        #expect(test.terminal.errLines.first?.hasPrefix("skipped new items the daemon announced but this client cannot read (params.items: ") == true)
        #expect(test.terminal.errLines.last == "the daemon stopped")
        #expect(test.daemon.methods == ["watch"])
    }

    @Test func jsonIsOneObjectPerLine() async {
        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.Watch.self, Empty())
        test.daemon.notificationLines[RPC.Watch.name] = [WatchLines.newItems([Fixtures.item(8, title: "Eight"), Fixtures.item(9, title: "Nine")])]
        _ = await WatchRouter.assemble(json: true, dependencies: test.dependencies).run()
        #expect(test.terminal.outLines.count == 2)
        #expect(test.terminal.outLines.allSatisfy { $0.hasPrefix("{\"number\":") && $0.hasSuffix("\"starred\":false,\"alsoIn\":[],\"tags\":[],\"excerpt\":null}") })
    }

    @Test func anUnreachableDaemonIsOneLineAndExitThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/tmp/x.sock", reason: .noSocket)
        let status = await WatchRouter.assemble(json: false, dependencies: test.dependencies).run()
        #expect(status == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
        #expect(test.terminal.out.isEmpty)
    }
}
