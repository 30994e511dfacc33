import ArgumentParser
import FeedClient

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the daemon's version, uptime, counts, refresh times and database.",
        discussion: """
            On a terminal, aligned 'label: value' lines. Piped, one 'key<TAB>value' line per \
            key of the JSON document (dates ISO 8601 UTC, sizes in bytes).
            """)

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CompositionRoot.run(StatusRouter.assemble(json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
