import ArgumentParser
import FeedClient
import FeedEntities
import FeedIPC

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Subscribe to the feeds of an OPML file or a newsboat urls file.",
        discussion: """
            OPML folders become tags and outline titles the feeds' titles; in a urls file, words \
            after the URL are tags and "~Title" names the feed. Command feeds (exec: and filter: \
            lines, OPML's xmlUrl="|…" and filtercmd) run programs, so they are skipped with a \
            note showing each command unless --allow-commands is given; query: lines are skipped \
            too. Feeds already subscribed to are left as they are, so \
            importing a file twice adds nothing. The daemon fetches the new feeds right after. \
            Files up to 1,000,000 bytes; an OPML file that declares entities (<!ENTITY ...>) is refused.
            """)

    @Argument(help: ArgumentHelp("The file, or - for standard input.", valueName: "file"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp("How to read the file: opml or newsboat (default: tell from the text).", valueName: "format"))
    var format: ImportFormat?

    @Flag(help: ArgumentHelp(
        "Subscribe to the file's command feeds too (exec:, filter:), each listed as it is subscribed.",
        discussion: "Only for a file whose commands you have read: each runs as you at every refresh."))
    var allowCommands = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if file.isEmpty { throw ValidationError("Name the file to import, or - for standard input.") }
    }

    func run() async throws {
        try await CompositionRoot.run(
            ImportFeedsRouter.assemble(
                path: file, format: format, allowCommands: allowCommands, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}

extension ImportFormat: ExpressibleByArgument {}
