#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Reads newsboat's `urls` file: one feed per line, `URL tag "tag with spaces" "~Title"`.
///
/// Comment lines (`#`) and blank lines are ignored. Command feeds (`"exec:…"`,
/// `"filter:…:URL"`) are read in their canonical form (`FeedAddress`; whether they are
/// subscribed to is the importer's decision, see `Entry.isCommand`), or skipped with the
/// reason when their command cannot be run without a shell; query feeds (`"query:Name:filter"`)
/// become saved views, their filter translated (`NewsboatFilter`), or are skipped with what
/// could not be translated. The `!` tag (hidden in newsboat) is dropped.
enum NewsboatURLsReader {
    static func read(_ text: String) -> SubscriptionList {
        var entries: [SubscriptionList.Entry] = []
        var skipped: [SubscriptionList.Skip] = []
        var views: [SubscriptionList.View] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(rawLine).trimmingASCIIWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = words(in: line)
            guard let url = words.first else { continue }
            let location = "line \(index + 1)"
            if url.lowercased().hasPrefix("query:") {
                switch view(url, location: location) {
                case .view(let view): views.append(view)
                case .skip(let skip): skipped.append(skip)
                }
                continue
            }
            let address: String
            switch SubscriptionList.address(of: url) {
            case .success(let accepted): address = accepted
            case .failure(let refusal):
                skipped.append(.init(entry: url, location: location, reason: refusal.reason))
                continue
            }
            var entry = SubscriptionList.Entry(url: address, location: location)
            for word in words.dropFirst() {
                if word.hasPrefix("~") {
                    if let title = SubscriptionList.cleaned(String(word.dropFirst())) { entry.title = title }
                } else if word != "!", !word.isEmpty {
                    entry.tags.append(word)
                }
            }
            entries.append(entry)
        }
        var list = SubscriptionList(format: .newsboat, entries: entries, skipped: skipped)
        list.views = views
        return list
    }

    /// `query:Name:filter` as a view: the name up to the second colon (newsboat's own reading),
    /// the filter translated.
    private enum QueryFeed {
        case view(SubscriptionList.View)
        case skip(SubscriptionList.Skip)
    }

    private static func view(_ url: String, location: String) -> QueryFeed {
        let rest = url.dropFirst("query:".count)
        guard let colon = rest.firstIndex(of: ":") else {
            return .skip(.init(entry: url, location: location, reason: "a query feed is \"query:Name:filter\", and this one has no filter"))
        }
        let name = String(rest[..<colon]).trimmingASCIIWhitespace()
        if let problem = SavedView.problem(withName: name) {
            return .skip(.init(entry: url, location: location, reason: problem))
        }
        do throws(NewsboatFilter.Untranslatable) {
            let filter = try NewsboatFilter.itemFilter(from: String(rest[rest.index(after: colon)...]))
            let query = filter.description
            // What the translation wrote must read back as the same query.
            guard (try? ItemFilter(parsing: query)) != nil else {
                return .skip(.init(entry: url, location: location, reason: "its filter is beyond what a view's query can hold"))
            }
            return .view(.init(name: name, query: query, location: location))
        } catch {
            return .skip(.init(entry: url, location: location, reason: "newsboat's filter could not be translated: \(error.reason)"))
        }
    }

    /// Splits on blanks; `"…"` groups words and `\"` inside it is a quote, as newsboat reads it.
    static func words(in line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuote = false
        var escaped = false
        var started = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if inQuote, character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuote.toggle()
                started = true
            } else if !inQuote, character == " " || character == "\t" {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }
}
