import ArgumentParser
import FeedClient

struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the config's rules with how many items each matched, or dry-run one.",
        discussion: """
            'tidings rules' lists every rule of config.yaml: its name, how many new items it \
            matched, its conditions and actions. 'tidings rules test NAME' lists the stored items \
            (hidden ones included) that the rule would match, without changing anything. Piped, \
            tab-separated lines.
            """)

    @Argument(help: ArgumentHelp("Nothing, or 'test' and a rule's name.", valueName: "test NAME"))
    var words: [String] = []

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard words.isEmpty || (words.count == 2 && words[0] == "test") else {
            throw ValidationError("expected 'tidings rules' or 'tidings rules test NAME'")
        }
    }

    func run() async throws {
        let request: RulesRequest = words.count == 2 ? .test(name: words[1]) : .list
        try await CompositionRoot.run(
            RulesRouter.assemble(request, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
