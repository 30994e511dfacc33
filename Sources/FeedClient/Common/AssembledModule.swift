/// A module wired by its Router, ready to run: what a command hands over to.
public struct AssembledModule {
    private let load: () async -> Void
    private let outcome: () -> ExitStatus

    /// - Parameters:
    ///   - load: tells the presenter its view is ready (`viewDidLoad`).
    ///   - outcome: the exit status the module navigated to.
    init(load: @escaping () async -> Void, outcome: @escaping () -> ExitStatus) {
        self.load = load
        self.outcome = outcome
    }

    /// Runs the module to its end.
    /// - Returns: the exit status the presenter navigated to.
    public func run() async -> ExitStatus {
        await load()
        return outcome()
    }
}
