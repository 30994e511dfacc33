import FeedEntities

/// Reads `ReaderSettings` from the entries of the config file's `keys:` and `reader:` (as
/// `TopLevelScalars.mapping(of:)` gives them), checking every name and value: a mistake is
/// an error naming the file, its line and what would be valid there.
struct ReaderSettingsParser {
    let path: String

    /// The settings `keys` and `reader` give; `nil` for a section the file does not have.
    func settings(
        keys: [TopLevelScalars.Entry]?, reader: [TopLevelScalars.Entry]?, macros: [TopLevelScalars.Entry]? = nil,
        colors: [TopLevelScalars.Entry]? = nil
    ) throws(ClientSettingsError) -> ReaderSettings {
        var settings = ReaderSettings.defaults
        if let colors { settings.palette = try ReaderColorsParser(path: path).palette(colors) }
        if let keys { settings.bindings = try bindings(keys) }
        for entry in macros ?? [] {
            let key: KeyPress
            do {
                key = try KeyBindings.key(named: entry.name)
            } catch {
                throw invalid(entry, "macros", error.description)
            }
            var actions: [ReaderAction] = []
            for name in entry.values {
                guard let action = ReaderAction(rawValue: name), action != .macroPrefix else {
                    throw invalid(entry, "macros", "unknown action `\(name)` (one of: \(Self.macroActions))")
                }
                actions.append(action)
            }
            guard !actions.isEmpty else { throw invalid(entry, "macros", "the macro `\(entry.name)` has no action") }
            settings.macros[key] = actions
        }
        for entry in reader ?? [] {
            switch entry.name {
            case "show_read_feeds": settings.showsReadFeeds = try bool(entry)
            case "show_read_articles": settings.showsReadArticles = try bool(entry)
            case "item_numbers": settings.showsItemNumbers = try bool(entry)
            case "goto_next_feed": settings.goesToNextFeed = try bool(entry)
            case "save_directory": settings.saveDirectory = try scalar(entry)
            case "pipe_to": settings.pipeCommand = try command(entry)
            case "bookmark_cmd": settings.bookmarkCommand = try command(entry)
            case "image_viewer": settings.imageViewer = try command(entry)
            case "sort":
                guard let order = ItemOrder(rawValue: try scalar(entry)) else {
                    throw invalid(entry, "reader", "`sort` takes \(ItemOrder.allCases.map(\.rawValue).joined(separator: ", ")), not `\(entry.values.joined(separator: " "))`")
                }
                settings.order = order
            case "images":
                guard let images = ImagesSetting(rawValue: try scalar(entry)) else {
                    throw invalid(entry, "reader", "`images` takes \(ImagesSetting.allCases.map(\.rawValue).joined(separator: ", ")), not `\(entry.values.joined(separator: " "))`")
                }
                settings.images = images
            case "feed_format": settings.feedFormat = try format(entry, fields: ListRowFields.feed)
            case "item_format": settings.itemFormat = try format(entry, fields: ListRowFields.item)
            case "date_format":
                let text = try scalar(entry)
                do {
                    settings.dateFormat = try DateFormat(text)
                } catch {
                    throw invalid(entry, "reader", "`date_format`: \(error)")
                }
            default:
                throw invalid(entry, "reader", "unknown setting `\(entry.name)` (one of: \(Self.readerNames.joined(separator: ", ")))")
            }
        }
        return settings
    }

    /// The settings `reader:` takes, for the error that names them.
    static let readerNames = [
        "show_read_feeds", "show_read_articles", "item_numbers", "goto_next_feed", "save_directory", "pipe_to", "bookmark_cmd", "sort",
        "feed_format", "item_format", "date_format", "images", "image_viewer",
    ]

    /// The actions a macro may run, for the error that names them.
    static var macroActions: String {
        ReaderAction.allCases.filter { $0 != .macroPrefix }.map(\.rawValue).joined(separator: ", ")
    }

    private func bindings(_ entries: [TopLevelScalars.Entry]) throws(ClientSettingsError) -> KeyBindings {
        do {
            return try KeyBindings(overrides: Dictionary(entries.map { ($0.name, $0.values) }, uniquingKeysWith: { $1 }))
        } catch {
            // The line of the entry at fault: the action's, or the first (the second, for a key
            // bound twice) that gives the key.
            let line: Int
            var message = error.description
            switch error {
            case .unknownAction(let name):
                line = entries.first { $0.name == name }?.line ?? entries[0].line
                message += " (one of: \(ReaderAction.allCases.map(\.rawValue).joined(separator: ", ")))"
            case .unknownKey(let name), .unbindable(let name):
                line = entries.first { $0.values.contains(name) }?.line ?? entries[0].line
            case .boundTwice(let key, _):
                let giving = entries.filter { entry in entry.values.contains { (try? KeyBindings.key(named: $0)) == (try? KeyBindings.key(named: key)) } }
                line = giving.dropFirst().first?.line ?? giving.first?.line ?? entries[0].line
            }
            throw .invalidSetting(path: path, line: line, section: "keys", message: message)
        }
    }

    private func format(_ entry: TopLevelScalars.Entry, fields: KeyValuePairs<Character, String>) throws(ClientSettingsError) -> ListRowFormat {
        let text = try scalar(entry)
        do {
            return try ListRowFormat(text, fields: fields)
        } catch {
            throw invalid(entry, "reader", "`\(entry.name)`: \(error)")
        }
    }

    private func bool(_ entry: TopLevelScalars.Entry) throws(ClientSettingsError) -> Bool {
        guard entry.values.count == 1 else { throw invalid(entry, "reader", "`\(entry.name)` takes true or false, not a list") }
        switch entry.values[0].lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw invalid(entry, "reader", "`\(entry.name)` takes true or false, not `\(entry.values[0])`")
        }
    }

    private func scalar(_ entry: TopLevelScalars.Entry) throws(ClientSettingsError) -> String {
        guard entry.values.count == 1, !entry.values[0].isEmpty else { throw invalid(entry, "reader", "`\(entry.name)` takes one value") }
        return entry.values[0]
    }

    /// A command: a list is its words as written, a single value is split as a shell would
    /// split it (without running one).
    private func command(_ entry: TopLevelScalars.Entry) throws(ClientSettingsError) -> [String] {
        if entry.values.count != 1 {
            guard let program = entry.values.first, !program.isEmpty else { throw invalid(entry, "reader", "`\(entry.name)` names no program") }
            return entry.values
        }
        do {
            return try CommandLineWords.split(entry.values[0])
        } catch {
            throw invalid(entry, "reader", "`\(entry.name)`: \(error)")
        }
    }

    private func invalid(_ entry: TopLevelScalars.Entry, _ section: String, _ message: String) -> ClientSettingsError {
        .invalidSetting(path: path, line: entry.line, section: section, message: message)
    }
}
