/// Moves through the links and opens the one under the cursor.
@MainActor
public final class ReaderLinksPresenter: ReaderScreen {
    private let links: [ReaderLink]
    private let view: any ReaderLinksView
    private let interactor: any ReaderLinksUseCase
    private let router: any ReaderLinksWireframe
    private(set) var cursor = ListCursor()

    public init(links: [ReaderLink], view: any ReaderLinksView, interactor: any ReaderLinksUseCase, router: any ReaderLinksWireframe) {
        self.links = links
        self.view = view
        self.interactor = interactor
        self.router = router
    }

    public var hintedActions: [ReaderAction] { [.quit, .open, .help] }

    public func screenWillAppear() async { redraw() }

    public func dataDidChange() async {}

    public func redraw() {
        cursor.scrollToSelection(count: links.count, visible: view.listRows)
        view.show(links, cursor: cursor)
    }

    public func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        let visible = view.listRows
        // Digits pick a reference: `3` is `[3]`.
        if case .character(let character) = key, let digit = character.wholeNumberValue, digit > 0,
           let row = links.firstIndex(where: { $0.label == "[\(digit)]" }) {
            cursor.select(row, count: links.count, visible: visible)
            redraw()
            return true
        }
        switch action {
        case .up?: cursor.move(by: -1, count: links.count, visible: visible)
        case .down?: cursor.move(by: 1, count: links.count, visible: visible)
        case .pageUp?: cursor.page(-1, count: links.count, visible: visible)
        case .pageDown?: cursor.page(1, count: links.count, visible: visible)
        case .home?: cursor.select(0, count: links.count, visible: visible)
        case .end?: cursor.select(links.count - 1, count: links.count, visible: visible)
        case .open?, .openInBrowser?:
            guard links.indices.contains(cursor.selected) else { return true }
            do {
                try await router.openInBrowser(try interactor.openable(links[cursor.selected].url))
            } catch {
                router.say(CommandFailure(error).message, isError: true)
            }
        default:
            return false
        }
        redraw()
        return true
    }
}
