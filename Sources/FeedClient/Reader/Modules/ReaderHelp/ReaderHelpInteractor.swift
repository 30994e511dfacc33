/// Reads the bindings in force: the defaults with the config file's `keys:` applied.
@MainActor
public final class ReaderHelpInteractor: ReaderHelpUseCase {
    private let bindings: KeyBindings

    public init(bindings: KeyBindings) {
        self.bindings = bindings
    }

    public func rows() -> [ReaderHelpRow] {
        ReaderAction.allCases.map { action in
            let keys = bindings.keys(for: action).map(KeyBindings.name(of:))
            return ReaderHelpRow(
                keys: keys.isEmpty ? "(unbound)" : keys.joined(separator: ", "), action: action.rawValue,
                summary: action.summary)
        }
    }
}
