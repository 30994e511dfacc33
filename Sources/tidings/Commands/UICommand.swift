import ArgumentParser
import FeedClient
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Read interactively: feeds, items, articles, one key each (also 'tidings' alone on a terminal).",
        discussion: """
            Keys follow newsboat's: j/k or arrows move, ENTER opens, q goes back, o opens the link \
            in the browser, n/p go to the next/previous unread item, N toggles read, * stars, \
            A marks the feed read, r/R refresh, / searches, u lists the article's links, ? shows \
            every key. Rebind them under 'keys:' in the config file (docs/cli.md "The reader"). \
            Needs a terminal on standard input and output.
            """)

    @OptionGroup var global: GlobalOptions

    @MainActor
    func run() async throws {
        let dependencies = CompositionRoot.dependencies(global)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            dependencies.terminal.writeFailure(CommandFailure(message: "the reader needs a terminal on standard input and output; for scripts use 'tidings list', 'show' and 'open'"))
            Glibc.exit(ExitStatus.failure.code)
        }
        let global = self.global
        let run = ReaderRouter.assemble(dependencies: dependencies, connect: { CompositionRoot.dependencies(global).daemon })
        Glibc.exit(await run().code)
    }
}
