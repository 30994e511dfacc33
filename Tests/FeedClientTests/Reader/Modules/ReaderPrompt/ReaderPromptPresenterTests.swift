import Testing
@testable import FeedClient

@MainActor
final class ReaderPromptViewSpy: ReaderPromptView {
    private(set) var shown: [(question: String, text: String)] = []
    func show(question: String, text: String) { shown.append((question, text)) }
}

@MainActor
final class ReaderPromptWireframeSpy: ReaderPromptWireframe {
    private(set) var events: [String] = []
    func close() async { events.append("close") }
    func say(_ message: String, isError: Bool) { events.append("say " + message) }
}

@MainActor
struct ReaderPromptPresenterTests {
    let view = ReaderPromptViewSpy()
    let router = ReaderPromptWireframeSpy()

    @Test func enterClosesThePromptThenAnswersWithTheLineEditedFromItsStart() async {
        var answers: [String] = []
        let presenter = ReaderPromptPresenter(question: "Save to: ", initial: "~/a.txt", view: view, router: router) { answers.append($0) }
        await presenter.screenWillAppear()
        #expect(view.shown.first.map { "\($0.question)\($0.text)" } == "Save to: ~/a.txt")
        for _ in 0..<3 { _ = await presenter.handle(.backspace, action: nil) }
        // Bound keys are text here.
        _ = await presenter.handle(.character("q"), action: .quit)
        _ = await presenter.handle(.character("/"), action: .search)
        _ = await presenter.handle(.enter, action: .open)
        #expect(router.events == ["close"])
        #expect(answers == ["~/a.q/"])
    }

    @Test func escapeCancelsWithoutAnswering() async {
        var answered = false
        let presenter = ReaderPromptPresenter(question: "Find: ", initial: "", view: view, router: router) { _ in answered = true }
        _ = await presenter.handle(.character("x"), action: nil)
        _ = await presenter.handle(.escape, action: .quit)
        #expect(!answered)
        #expect(router.events == ["close", "say Cancelled"])
    }
}
