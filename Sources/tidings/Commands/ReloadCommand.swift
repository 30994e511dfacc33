import ArgumentParser
import FeedClient

struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Have the daemon read its config file again (as SIGHUP does) and say what it runs with.",
        discussion: """
            Prints the file read, the rules, hooks and refresh interval in force and what \
            changed. A file that does not load is refused as a whole: the daemon keeps the \
            configuration it runs with, and the error names the file, line and key (exit \
            status 1). 'tidings status' shows a refused reload until one succeeds.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CompositionRoot.run(ReloadRouter.assemble(dependencies: CompositionRoot.dependencies(global)))
    }
}
