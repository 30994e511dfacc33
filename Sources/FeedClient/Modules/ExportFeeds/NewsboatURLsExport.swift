import FeedEntities

/// Writes feeds as a newsboat `urls` file: one feed a line, `URL tag "tag with space" "~Title"`.
///
/// A word is quoted when it holds white space, a quote or a backslash, or starts with `#`
/// (a comment); inside quotes `"` and `\` are escaped with a backslash, as newsboat reads them.
/// A command feed's address (`exec:…`, `filter:…:URL`, kept in the canonical form newsboat
/// reads) holds blanks and so is one quoted word, as newsboat's own files have it.
/// The `~Title` word is written only for a title of the user's own (`Feed.hasCustomTitle`):
/// otherwise the feed keeps the title its document gives.
///
/// Saved views follow the feeds as query feeds, `"query:Name:filter"`, their queries in
/// newsboat's filter language (`ItemFilter.newsboatFilter`); a view newsboat cannot say (a
/// star, a name with a colon) is written as a comment, with a note saying why.
enum NewsboatURLsExport {
    static func document(for feeds: [Feed], views: [SavedView] = []) -> ExportDocument {
        var text = ""
        var notes: [String] = []
        for feed in feeds {
            // An export is shared: a password left in a (synced) feed's URL stays out of it.
            var words = [word(singleLine(URLCredentials.redacted(feed.url)))]
            for tag in feed.tags.map(singleLine) {
                // newsboat reads a word starting with `~` as the title and `!` as "hidden",
                // quoted or not: such a tag cannot be written.
                if tag.hasPrefix("~") || tag == "!" {
                    notes.append("feed \(feed.id): the tag '\(tag)' cannot be written to a newsboat urls file, where it means something else")
                    continue
                }
                words.append(word(tag))
            }
            if feed.hasCustomTitle { words.append(quoted("~" + singleLine(feed.title))) }
            text += words.joined(separator: " ") + "\n"
        }
        for view in views {
            let name = singleLine(view.name)
            do {
                if name.contains(":") { throw NewsboatFilter.Untranslatable("newsboat ends a query feed's name at its first ':'") }
                let filter = try ItemFilter(parsing: view.query).newsboatFilter()
                text += quoted("query:\(name):\(singleLine(filter))") + "\n"
            } catch {
                let reason = singleLine("\(error)")
                text += "# view '\(name)': \(singleLine(view.query)) (not written: \(reason))\n"
                notes.append("view '\(name)' is not written as a query feed: \(reason)")
            }
        }
        return ExportDocument(text: text, notes: notes)
    }

    /// `text` as one word of a line, quoted when it has to be.
    static func word(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.hasPrefix("#")
            || text.contains { $0.isWhitespace || $0 == "\"" || $0 == "\\" }
        return needsQuotes ? quoted(text) : text
    }

    private static func quoted(_ text: String) -> String {
        var output = "\""
        for character in text {
            if character == "\"" || character == "\\" { output.append("\\") }
            output.append(character)
        }
        return output + "\""
    }

    /// `text` on one line: line breaks and tabs become spaces; other controls, bidi controls and
    /// invisible format characters are dropped (see `XMLWriter.escape`).
    private static func singleLine(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            case _ where TerminalText.isInvisibleFormat(scalar.value): continue
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
