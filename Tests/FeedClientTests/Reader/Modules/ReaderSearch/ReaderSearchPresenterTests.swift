import Testing
@testable import FeedClient

@MainActor
final class ReaderSearchViewSpy: ReaderSearchView {
    private(set) var shown: [(prompt: String, text: String)] = []
    func show(prompt: String, text: String) { shown.append((prompt, text)) }
}

@MainActor
final class ReaderSearchWireframeSpy: ReaderSearchWireframe {
    private(set) var results: [ItemSource] = []
    private(set) var cancelled = 0
    private(set) var messages: [String] = []
    func showResults(_ source: ItemSource) async { results.append(source) }
    func cancel() async { cancelled += 1 }
    func say(_ message: String, isError: Bool) { messages.append(message) }
}

@MainActor
struct ReaderSearchPresenterTests {
    let view = ReaderSearchViewSpy()
    let router = ReaderSearchWireframeSpy()

    func type(_ text: String, into presenter: ReaderSearchPresenter) async {
        for character in text { _ = await presenter.handle(.character(character), action: nil) }
    }

    @Test func typedTextIsSearchedWithinTheScope() async {
        let presenter = ReaderSearchPresenter(
            scope: .tag("linux"), view: view, interactor: ReaderSearchInteractor(), router: router)
        await presenter.screenWillAppear()
        // Bound keys are text in a prompt: `q` does not close it.
        _ = await presenter.handle(.character("q"), action: .quit)
        await type("uic kernal", into: presenter)
        _ = await presenter.handle(.backspace, action: nil)
        _ = await presenter.handle(.character("l"), action: nil)
        _ = await presenter.handle(.enter, action: .open)
        #expect(view.shown.first?.prompt == "Search in tag linux: ")
        #expect(router.results == [.search(query: "quic kernal", within: .tag("linux"))])
    }

    @Test func controlKeysEditTheLine() async {
        let presenter = ReaderSearchPresenter(scope: .everything, view: view, interactor: ReaderSearchInteractor(), router: router)
        await type("one two", into: presenter)
        _ = await presenter.handle(.control("w"), action: nil)
        #expect(presenter.text == "one ")
        _ = await presenter.handle(.control("u"), action: nil)
        #expect(presenter.text == "")
    }

    @Test func anEmptyQueryIsRefusedAndEscapeCancels() async {
        let presenter = ReaderSearchPresenter(scope: .everything, view: view, interactor: ReaderSearchInteractor(), router: router)
        await type("   ", into: presenter)
        _ = await presenter.handle(.enter, action: .open)
        #expect(router.results.isEmpty)
        #expect(router.messages == ["Type something to search for"])
        _ = await presenter.handle(.escape, action: .quit)
        #expect(router.cancelled == 2)
    }

    @Test func aQueryLongerThanTheDaemonSearchesIsRefused() throws {
        let interactor = ReaderSearchInteractor()
        guard case .failure = interactor.query(from: String(repeating: "a", count: 2_000)) else {
            Issue.record("a 2,000-byte query was accepted")
            return
        }
        #expect(try interactor.query(from: "  rust  ").get() == "rust")
    }
}
