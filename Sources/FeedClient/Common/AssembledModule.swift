/// A module wired by its Router, ready to run: what a command hands over to.
public struct AssembledModule {
    private let run: () async -> ExitStatus

    /// - Parameter run: tells the presenter its view is ready (`viewDidLoad`), which runs the
    ///   command to its end and says how it ended.
    init(run: @escaping () async -> ExitStatus) {
        self.run = run
    }

    /// Runs the module to its end.
    /// - Returns: the exit status the presenter ended with.
    public func run() async -> ExitStatus {
        await run()
    }
}
