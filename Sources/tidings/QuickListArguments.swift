import FeedClient

/// The arguments of `tidings list` read without swift-argument-parser, when each is in its
/// plain form: a flag, or an option and its value (`--limit 50`, `-n 50`, `--limit=50`).
///
/// ArgumentParser builds a command's arguments by reflection and first parses two commands of
/// its own to look for completion requests: 2.5 ms of the 9 a `tidings list` took, more than
/// the daemon needed to answer. Anything else (a word it does not know, a value that looks like
/// an option, a repeated option, combined short flags, an argument that `ListCommand.validate`
/// refuses) returns `nil`, and `ListCommand` parses the arguments with its usual errors; the
/// options read here are `ListCommand`'s and `GlobalOptions`' (`QuickListArgumentsTests` parses
/// each form both ways).
struct QuickListArguments: Equatable {
    var query: ItemListQuery
    var json: Bool
    var socket: String?
    var color: ColorChoice
    var noAutostart: Bool

    private static let flags: [String: Flag] = [
        "--all": .all, "-a": .all, "--unread": .unread, "-u": .unread, "--starred": .starred, "--hidden": .hidden,
        "--json": .json, "--no-autostart": .noAutostart,
    ]
    private static let options: [String: Option] = [
        "--feed": .feed, "-f": .feed, "--tag": .tag, "-t": .tag, "--since": .since, "--search": .search, "-s": .search,
        "--limit": .limit, "-n": .limit, "--socket": .socket, "--color": .color, "--where": .filter,
        "--view": .view,
    ]
    private enum Flag { case all, unread, starred, hidden, json, noAutostart }
    private enum Option { case feed, tag, since, search, limit, socket, color, filter, view }

    /// - Parameter arguments: the words after `list`.
    init?(_ arguments: [String]) {
        var flags = Set<Flag>(), values = [Option: String]()
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if let flag = Self.flags[word] {
                guard flags.insert(flag).inserted else { return nil }
                continue
            }
            let (name, attached) = word.hasPrefix("--") ? Self.split(word) : (word, nil)
            guard let option = Self.options[name], values[option] == nil else { return nil }
            if let attached {
                values[option] = attached
            } else {
                // A query may start with `-`, as ListCommand's unconditional `--where` reads it.
                guard index < arguments.count, option == .filter || !arguments[index].hasPrefix("-") else { return nil }
                values[option] = arguments[index]
                index += 1
            }
        }
        var limit: Int?
        if let text = values[.limit] {
            guard let number = Int(text) else { return nil }
            limit = number
        }
        var since: SinceDate?
        if let text = values[.since] {
            guard let date = try? SinceDate(parsing: text) else { return nil }
            since = date
        }
        var color = ColorChoice.auto
        if let text = values[.color] {
            guard let choice = ColorChoice(rawValue: text) else { return nil }
            color = choice
        }
        let (all, unread, starred) = (flags.contains(.all), flags.contains(.unread), flags.contains(.starred))
        do {
            try ListCommand.validate(
                unread: unread, all: all, starred: starred, limit: limit, feed: values[.feed], tag: values[.tag],
                search: values[.search], filter: values[.filter], view: values[.view])
        } catch {
            return nil
        }
        query = ItemListQuery(
            includeRead: all || ((values[.filter] != nil || values[.view] != nil) && !unread), starredOnly: starred,
            feed: values[.feed], tag: values[.tag], since: since, search: values[.search], limit: limit,
            includeHidden: flags.contains(.hidden), filter: values[.filter], view: values[.view])
        json = flags.contains(.json)
        socket = values[.socket]
        self.color = color
        noAutostart = flags.contains(.noAutostart)
    }

    /// `--name=value` as the name and the value; a word without `=` as itself and `nil`.
    private static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// Lists the items and ends the process, as `ListCommand.run` does.
    func run() async -> Never {
        await CompositionRoot.end(
            ItemListRouter.assemble(
                query: query, json: json,
                dependencies: CompositionRoot.dependencies(socket: socket, color: color, noAutostart: noAutostart)))
    }
}
