import ArgumentParser
import FeedClient

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the subscriptions as OPML or as a newsboat urls file.",
        discussion: """
            OPML 2.0: each tag is a folder holding its feeds (a feed with several tags is in each \
            of them), untagged feeds at the top. newsboat: URL, then the tags, then "~Title" when \
            you renamed the feed. 'tidings import' reads both back to the same feeds, tags and \
            titles.
            """)

    @Option(help: ArgumentHelp("opml or newsboat.", valueName: "format"))
    var format: ExportFormat = .opml

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write to this file (replaced atomically) instead of stdout.", valueName: "file"),
        completion: .file())
    var output: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            ExportFeedsRouter.assemble(format: format, output: output, dependencies: CompositionRoot.dependencies(global)))
    }
}

extension ExportFormat: ExpressibleByArgument {}
