import ArgumentParser
import FeedClient

struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the config's rules with how many items each matched, or apply one to stored items.",
        discussion: """
            'tidings rules' lists every rule of config.yaml: its name, how many new items it \
            matched, its conditions and actions. 'tidings rules apply NAME' does what the rule \
            does to new items to the stored items it matches (hidden ones included) and says how \
            many it changed; with --dry-run (or as 'tidings rules test NAME') it lists those \
            items without changing anything. Piped, tab-separated lines.
            """)

    @Argument(help: ArgumentHelp("Nothing, or 'apply' (or 'test') and a rule's name.", valueName: "apply NAME"))
    var words: [String] = []

    @Flag(help: "With 'apply': list the items the rule matches, change nothing (as 'rules test NAME').")
    var dryRun = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard words.isEmpty || (words.count == 2 && ["apply", "test"].contains(words[0])) else {
            throw ValidationError("expected 'tidings rules', 'tidings rules apply NAME [--dry-run]' or 'tidings rules test NAME'")
        }
        if dryRun, words.first != "apply" { throw ValidationError("--dry-run goes with 'tidings rules apply NAME'") }
    }

    func run() async throws {
        let request: ManageRulesRequest = switch words.first {
        case "apply" where !dryRun: .apply(name: words[1])
        case "apply", "test": .test(name: words[1])
        default: .list
        }
        try await CompositionRoot.run(
            ManageRulesRouter.assemble(request, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
