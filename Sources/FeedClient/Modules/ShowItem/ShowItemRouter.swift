import FeedEntities

/// Wires the ShowItem module. It goes to no other screen: the presenter's answer is how the
/// command ends.
public enum ShowItemRouter {
    /// Builds the module for `tidings show [N | --next]`: the daemon renders the content at the
    /// terminal's width (80 or `$COLUMNS` when stdout is not a terminal).
    /// - Parameters:
    ///   - number: the item; `nil` for the newest unread one, or the next (`next`).
    ///   - next: without a number, the first unread item listed after the one shown last.
    ///   - text: `.article` (`--full`), `.feed` (`--feed-text`), or `nil` for the daemon's choice.
    public static func assemble(
        number: Int64?, next: Bool = false, marksRead: Bool, text: ItemText? = nil, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let terminal = dependencies.terminal
        let format = OutputFormat.choose(json: json, isTTY: terminal.isTTY)
        // Pictures only where a person reads the article on a terminal that draws them.
        let graphics = format == .table
            ? TerminalProbe.graphics(
                setting: (try? dependencies.settings.reader().images) ?? .auto, environment: dependencies.environment)
            : nil
        let presenter = ShowItemPresenter(
            request: ShowItemRequest(
                number: number, next: next, marksRead: marksRead, width: terminal.width, text: text, graphics: graphics,
                pictureRows: max(4, terminal.height / 2)),
            view: TerminalShowItemView(terminal: terminal, format: format),
            interactor: ShowItemInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}
