import ArgumentParser
import FeedClient

struct ViewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "List, add or remove saved views: queries kept as feeds (docs/views.md).",
        discussion: """
            'tidings view' (or 'view list') lists every view with its unread and total items: \
            the config file's (views:) first, then those added here. 'tidings view add NAME \
            QUERY' saves one ('tidings view add "Rust news" "is:unread tag:linux rust"'; \
            --replace puts it in place of a view of that name); 'tidings view remove NAME' \
            deletes it. A view is listed with 'tidings list --view NAME', marked read with \
            'tidings read --view NAME', and shown in the reader's feed list. Names are unique \
            without case. Piped, tab-separated lines.
            """)

    @Argument(help: ArgumentHelp(
        "Nothing or 'list'; 'add', a name and a query; or 'remove' and a name.", valueName: "list|add NAME QUERY|remove NAME"),
        completion: ShellCompletion.viewWords)
    var words: [String] = []

    @Flag(help: "With 'add': replace a view of that name.")
    var replace = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        _ = try request()
    }

    func run() async throws {
        try await CompositionRoot.run(
            QueryFeedsRouter.assemble(try request(), json: json, dependencies: CompositionRoot.dependencies(global)))
    }

    private func request() throws -> QueryFeedsRequest {
        let request: QueryFeedsRequest
        switch words.first {
        case nil, "list":
            guard words.count <= 1 else { throw ValidationError("'tidings view list' takes nothing more") }
            request = .list
        case "add":
            guard words.count >= 3 else { throw ValidationError("expected 'tidings view add NAME QUERY'") }
            guard words.count == 3 else {
                throw ValidationError("'tidings view add' takes one query: put it in quotes, tidings view add '\(words[1])' '\(words[2...].joined(separator: " "))'")
            }
            request = .add(name: words[1], query: words[2], replace: replace)
        case "remove":
            guard words.count == 2 else { throw ValidationError("expected 'tidings view remove NAME'") }
            request = .remove(name: words[1])
        case let word?:
            throw ValidationError("expected 'list', 'add' or 'remove', not '\(word)'")
        }
        if replace, case .add = request {} else if replace {
            throw ValidationError("--replace goes with 'tidings view add NAME QUERY'")
        }
        return request
    }
}
