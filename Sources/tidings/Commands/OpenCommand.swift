import ArgumentParser
import FeedClient

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open an item's link in the browser and mark the item read.",
        discussion: """
            The browser is the daemon's 'browser' setting, else each command of the \
            colon-separated $BROWSER in turn, else xdg-open; %s in the command stands for the \
            link. Only http and https links are opened.
            """)

    @Argument(help: ArgumentHelp("The item's number, as 'tidings list' shows it.", valueName: "number"))
    var number: Int64

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if number < 1 { throw ValidationError("Item numbers start at 1.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            OpenItemRouter.assemble(number: number, dependencies: CompositionRoot.dependencies(global)))
    }
}
