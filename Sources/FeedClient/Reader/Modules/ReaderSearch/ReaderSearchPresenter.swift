/// Edits the query line (characters, Backspace, Ctrl-U, Ctrl-W) and starts the search.
@MainActor
public final class ReaderSearchPresenter: ReaderScreen {
    private let scope: ItemSource.SearchScope
    private let view: any ReaderSearchView
    private let interactor: any ReaderSearchUseCase
    private let router: any ReaderSearchWireframe
    private var line = LineEditor()
    var text: String { line.text }

    public init(scope: ItemSource.SearchScope, view: any ReaderSearchView, interactor: any ReaderSearchUseCase, router: any ReaderSearchWireframe) {
        self.scope = scope
        self.view = view
        self.interactor = interactor
        self.router = router
    }

    public var isOverlay: Bool { true }

    public var hintedActions: [ReaderAction] { [] }

    public func screenWillAppear() async { redraw() }

    public func dataDidChange() async {}

    public func redraw() {
        let prompt: String = switch scope {
        case .everything: "Search: "
        case .feed(_, let title): "Search in \(title): "
        case .tag(let tag): "Search in tag \(tag): "
        }
        view.show(prompt: prompt, text: text)
    }

    /// Every key is the prompt's: letters that are bound elsewhere are text here.
    public func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        switch line.handle(key) {
        case .submitted:
            switch interactor.query(from: text) {
            case .success(let query):
                await router.showResults(.search(query: query, within: scope))
            case .failure(let refusal):
                await router.cancel()
                router.say(refusal.message, isError: true)
            }
            return true
        case .cancelled:
            await router.cancel()
            return true
        case .editing:
            redraw()
        }
        return true
    }
}
