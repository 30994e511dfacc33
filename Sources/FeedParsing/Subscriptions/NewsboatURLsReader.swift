#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads newsboat's `urls` file: one feed per line, `URL tag "tag with spaces" "~Title"`.
///
/// Comment lines (`#`) and blank lines are ignored. Command feeds (`"exec:…"`,
/// `"filter:…:URL"`) are read in their canonical form (`FeedAddress`; whether they are
/// subscribed to is the importer's decision, see `Entry.isCommand`), or skipped with the
/// reason when their command cannot be run without a shell; query feeds (`"query:…"`) have no
/// meaning here and are skipped with a note. The `!` tag (hidden in newsboat) is dropped.
enum NewsboatURLsReader {
    static func read(_ text: String) -> SubscriptionList {
        var entries: [SubscriptionList.Entry] = []
        var skipped: [SubscriptionList.Skip] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(rawLine).trimmingASCIIWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = words(in: line)
            guard let url = words.first else { continue }
            let location = "line \(index + 1)"
            if url.lowercased().hasPrefix("query:") {
                skipped.append(.init(entry: url, location: location, reason: "query feeds are not imported; use 'tidings list' filters"))
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
        return SubscriptionList(format: .newsboat, entries: entries, skipped: skipped)
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
