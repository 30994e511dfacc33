import ArgumentParser
import FeedClient

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open an item's link (or enclosure) in the browser and mark the item read.",
        discussion: """
            Without a number, opens the newest unread item ('tidings: no unread items' and exit \
            status 1 when there is none, so that a loop of 'tidings open' ends). The browser is \
            the 'browser' setting of your config file (read by tidings itself), else each command of the colon-separated $BROWSER in \
            turn, else xdg-open; %s in the command stands for the link. Only http and https \
            links are opened.
            """)

    @Argument(help: ArgumentHelp("The item's number, as 'tidings list' shows it (default: the newest unread item).", valueName: "number"))
    var number: Int64?

    @Flag(help: "Open the item's first enclosure (such as a podcast episode) instead of its link.")
    var enclosure = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let number, number < 1 { throw ValidationError("Item numbers start at 1.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            OpenItemRouter.assemble(
                request: OpenItemRequest(number: number, opensEnclosure: enclosure),
                dependencies: CompositionRoot.dependencies(global)))
    }
}
