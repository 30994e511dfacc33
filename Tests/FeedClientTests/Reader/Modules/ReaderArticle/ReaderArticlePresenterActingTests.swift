import ChildProcess
import FeedEntities
import Testing
@testable import FeedClient

/// `s`, `|` and `^B` on an article.
@MainActor
struct ReaderArticlePresenterActingTests {
    let view = ReaderArticleViewSpy()
    let interactor = ReaderArticleUseCaseStub()
    let router = ReaderArticleWireframeSpy()
    let list = ReaderArticleListStub()

    init() {
        interactor.items[5] = Fixtures.item(5, title: "Tiling: a/b \u{1B}[31mtest\u{07}", author: "Ada")
    }

    func presenter(_ settings: ReaderSettings = .defaults) async -> ReaderArticlePresenter {
        let presenter = ReaderArticlePresenter(
            number: 5, view: view, interactor: interactor, router: router, list: list,
            mapper: ItemDetailMapper(clock: FixedClock(now: Fixtures.now)), settings: settings)
        await presenter.screenWillAppear()
        return presenter
    }

    @Test func saveOffersAFileNamedAfterTheTitleAndAsksBeforeReplacing() async {
        let presenter = await presenter(ReaderSettings(saveDirectory: "~/Articles/"))
        router.answers = ["~/Articles/Tiling_a_b_test.txt"]
        _ = await presenter.handle(.character("s"), action: .save)
        #expect(router.questions == ["Save article to: "])
        #expect(router.initials == ["~/Articles/Tiling_a_b_test.txt"])
        let text = interactor.saved["~/Articles/Tiling_a_b_test.txt"]
        #expect(text?.hasPrefix("Feed:   Planet Terminal\nTitle:  Tiling: a/b test\n") == true, "\(text ?? "")")
        #expect(text?.contains("\u{1B}") == false, "no control character in the file")
        #expect(text?.hasSuffix("Links:\n[1] https://ref.example/5\n") == true)
        #expect(router.messages.last == "Saved to ~/Articles/Tiling_a_b_test.txt")
        router.answers = ["~/Articles/Tiling_a_b_test.txt"]
        _ = await presenter.handle(.character("s"), action: .save)
        #expect(router.confirmations == ["~/Articles/Tiling_a_b_test.txt exists. Replace it?"])
        await router.answerYes()
        #expect(router.messages.last == "Saved to ~/Articles/Tiling_a_b_test.txt")
    }

    @Test(arguments: [
        ("Tiling window managers, revisited", "Tiling_window_managers_revisited"),
        ("../../etc/passwd", "etc_passwd"),
        ("  ...hidden", "hidden"),
        ("珈琲と猫 ☕", "珈琲と猫"),
        ("???", "article-7"),
    ])
    func aFileNameFromATitleIsNeverAPathOrHidden(title: String, name: String) {
        #expect(TextFile.name(for: title, fallback: "article-7") == name)
    }

    @Test func pipeOffersTheConfiguredCommandAndPutsTheLinkAndTitleIntoIt() async {
        let presenter = await presenter(ReaderSettings(pipeCommand: ["less", "-R"]))
        router.answers = ["grep -c 'Line 1' --label=%t %u 100%%"]
        _ = await presenter.handle(.character("|"), action: .pipeTo)
        #expect(router.questions == ["Pipe article to: "])
        #expect(router.initials == ["less -R"])
        #expect(router.piped.first?.command == [
            "grep", "-c", "Line 1", "--label=Tiling: a/b \u{1B}[31mtest\u{07}", "https://example.org/item", "100%",
        ])
        #expect(router.piped.first?.text.contains("Line 12 of 5 at 60") == true)
        router.pipeStatus = .exited(1)
        router.answers = ["grep nothing"]
        _ = await presenter.handle(.character("|"), action: .pipeTo)
        #expect(router.messages.last == "`grep` exited with status 1")
        router.answers = ["say 'unclosed"]
        _ = await presenter.handle(.character("|"), action: .pipeTo)
        #expect(router.messages.last == "Not piped: a quote is not closed")
        #expect(router.piped.count == 2)
    }

    @Test func bookmarkRunsTheCommandWithNewsboatsArgumentsAndSaysWhatItSaid() async {
        let unset = await presenter()
        _ = await unset.handle(.control("b"), action: .bookmark)
        #expect(router.messages.last == "No bookmark command: set bookmark_cmd under reader: in the config file")
        let presenter = await presenter(ReaderSettings(bookmarkCommand: ["/home/ada/bin/bm", "--tag", "feeds"]))
        router.answers = ["worth a look"]
        router.asideResult = (.exited(0), "added 1 bookmark\nmore")
        _ = await presenter.handle(.control("b"), action: .bookmark)
        #expect(router.questions.last == "Bookmark description: ")
        #expect(router.ranAside == [[
            "/home/ada/bin/bm", "--tag", "feeds", "https://example.org/item", "Tiling: a/b test", "worth a look", "Planet Terminal",
        ]])
        #expect(router.messages.last == "Bookmarked: added 1 bookmark")
        router.answers = [""]
        router.asideResult = (.exited(3), "no such collection\n")
        _ = await presenter.handle(.control("b"), action: .bookmark)
        #expect(router.messages.last == "`/home/ada/bin/bm` exited with status 3: no such collection")
    }
}
