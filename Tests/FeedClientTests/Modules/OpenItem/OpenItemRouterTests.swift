import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct OpenItemRouterTests {
    @Test func opensWithBROWSERCandidatesAndMarksRead() async {
        let test = ModuleTestDependencies(environment: ["BROWSER": "w3m:firefox %s"])
        test.daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(12, link: "https://planet.example.org/tiling")))
        test.daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        let status = await OpenItemRouter.assemble(request: .init(number: 12), dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.launcher.opened.map(\.url) == ["https://planet.example.org/tiling"])
        #expect(test.launcher.opened.first?.commands.map(\.template) == [["w3m"], ["firefox", "%s"]])
        #expect(test.daemon.methods == ["items.get", "items.markRead"])
        #expect(test.terminal.out.isEmpty && test.terminal.err.isEmpty)
    }

    @Test func theConfigFilesBrowserSettingWins() async {
        let test = ModuleTestDependencies(environment: ["BROWSER": "w3m"])
        test.settings.browserSetting = .success("lynx -accept_all_cookies")
        test.daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(1)))
        test.daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        _ = await OpenItemRouter.assemble(request: .init(number: 1), dependencies: test.dependencies).run()
        #expect(test.launcher.opened.first?.commands.map(\.template) == [["lynx", "-accept_all_cookies"]])
    }

    @Test func aJavascriptLinkLaunchesNothingAndStaysUnread() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(5, link: "javascript:alert(1)")))
        let status = await OpenItemRouter.assemble(request: .init(number: 5), dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.launcher.opened.isEmpty)
        #expect(!test.daemon.methods.contains("items.markRead"))
        #expect(test.terminal.err == "tidings: refusing to open 'javascript:alert(1)': only http and https links are opened\n")
    }

    @Test func aRefusedLinkIsSanitisedInTheMessage() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(5, link: "file:///etc/passwd\u{1B}]0;x\u{07}\u{202E}")))
        _ = await OpenItemRouter.assemble(request: .init(number: 5), dependencies: test.dependencies).run()
        #expect(test.terminal.dangerousScalars.isEmpty)
        #expect(test.terminal.err == "tidings: refusing to open 'file:///etc/passwd': only http and https links are opened\n")
    }

    @Test func aLauncherErrorIsOneLine() async {
        let test = ModuleTestDependencies()
        test.launcher.error = .noBrowserStarted(tried: ["xdg-open"], reason: "No such file or directory")
        test.daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(1)))
        let status = await OpenItemRouter.assemble(request: .init(number: 1), dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.errLines.count == 1)
        #expect(!test.daemon.methods.contains("items.markRead"))
    }

    @Test func withoutANumberItListsTheNewestUnreadItem() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(41, link: "https://x.example/41")]))
        test.daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        let status = await OpenItemRouter.assemble(request: .init(number: nil), dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.daemon.methods == ["items.list", "items.markRead"])
        #expect(test.daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true, limit: 1)])
        #expect(test.daemon.params(of: RPC.MarkRead.self) == [.init(numbers: [41], read: true)])
        #expect(test.launcher.opened.map(\.url) == ["https://x.example/41"])
    }

    @Test func noUnreadItemsIsOneLineAndExitOne() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.ListItems.self, .init(items: []))
        let status = await OpenItemRouter.assemble(request: .init(number: nil), dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.err == "tidings: no unread items\n")
        #expect(test.launcher.opened.isEmpty)
    }

    @Test func enclosureOpensTheEnclosureURL() async {
        let test = ModuleTestDependencies()
        var item = Fixtures.item(7)
        item.enclosures = [Enclosure(url: "https://cdn.example/ep7.mp3", type: "audio/mpeg", length: 1_000)]
        test.daemon.stub(RPC.GetItem.self, .init(item: item))
        test.daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        let status = await OpenItemRouter.assemble(request: .init(number: 7, opensEnclosure: true), dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.launcher.opened.map(\.url) == ["https://cdn.example/ep7.mp3"])
    }
}
