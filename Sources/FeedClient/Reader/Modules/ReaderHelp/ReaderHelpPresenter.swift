/// Lists the keys and scrolls through them.
@MainActor
public final class ReaderHelpPresenter: ReaderScreen {
    private let view: any ReaderHelpView
    private let interactor: any ReaderHelpUseCase
    private var rows: [ReaderHelpRow] = []
    private(set) var top = 0

    public init(view: any ReaderHelpView, interactor: any ReaderHelpUseCase) {
        self.view = view
        self.interactor = interactor
    }

    public var hintedActions: [ReaderAction] { [.quit, .pageDown] }

    public func screenWillAppear() async {
        rows = interactor.rows()
        redraw()
    }

    public func dataDidChange() async {}

    public func redraw() {
        top = max(0, min(top, rows.count - view.listRows))
        view.show(rows, top: top)
    }

    public func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        let page = max(1, view.listRows - 1)
        switch action {
        case .up?: top -= 1
        case .down?: top += 1
        case .pageUp?: top -= page
        case .pageDown?: top += page
        case .home?: top = 0
        case .end?: top = rows.count
        case .help?: return true
        default: return false
        }
        redraw()
        return true
    }
}
