/// Wires the help screen; going back is the shell's `quit`.
public enum ReaderHelpRouter {
    /// Builds the help screen for `bindings`.
    @MainActor
    public static func assemble(bindings: KeyBindings, navigator: any ReaderNavigator) -> any ReaderScreen {
        ReaderHelpPresenter(
            view: ScreenReaderHelpView(screen: navigator.terminal), interactor: ReaderHelpInteractor(bindings: bindings))
    }
}
