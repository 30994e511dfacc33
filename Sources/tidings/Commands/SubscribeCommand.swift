import ArgumentParser
import FeedClient

struct SubscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Subscribe to a feed: the daemon fetches it once and keeps it if it is a feed.")

    @Argument(help: ArgumentHelp("The feed's http or https URL.", valueName: "url"))
    var url: String

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if url.isEmpty || url.contains(where: \.isWhitespace) {
            throw ValidationError("'\(url)' is not a URL.")
        }
    }

    func run() async throws {
        try await CompositionRoot.run(
            SubscribeRouter.assemble(url: url, dependencies: CompositionRoot.dependencies(global)))
    }
}
