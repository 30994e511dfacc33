import FeedEntities
import Foundation
import GRDB

/// An `ItemFilter` as an SQL condition on `item` and its arguments, for the listings'
/// `WHERE` (`SQLiteFeedStore.filter`).
///
/// Each kind of term reads what the store keeps:
/// - states and enclosures are columns;
/// - tags and feeds are looked up as the `--tag` filter does;
/// - `title:`, `author:` and `link:` compare with `instr` on the lowercased column (SQLite
///   lowercases ASCII only);
/// - full-text terms and `content:` go through the search index, the terms of one `AND` in one
///   `MATCH` where they can be;
/// - `newer:` and `older:` compare the listing's date (`sortDate`) with a moment computed from
///   `now`.
struct ItemFilterSQL {
    private(set) var condition = ""
    private(set) var arguments: StatementArguments = []
    /// Each full-text condition asked, and whether it holds for the whole filter (a term of
    /// its top-level AND, or the filter itself), for `SQLiteFeedStore.fullTextAccess`.
    private(set) var matches: [(expression: String, topLevel: Bool)] = []
    let now: Date
    /// Whether each item asks the search index (`FullTextAccess.askingEach`) rather than
    /// being tested against the matches gathered once.
    let askingEach: Bool
    /// How many `NOT`s and `OR`s the term being written is inside: a condition inside none
    /// holds for the whole filter.
    private var alternatives = 0

    init(_ filter: ItemFilter, now: Date, askingEach: Bool = false) {
        self.now = now
        self.askingEach = askingEach
        condition = write(filter)
    }

    private mutating func write(_ filter: ItemFilter) -> String {
        switch filter {
        case .state(.unread): return "item.is_read = 0"
        case .state(.read): return "item.is_read = 1"
        case .state(.starred): return "item.is_starred = 1"
        case .state(.unstarred): return "item.is_starred = 0"
        case .hasEnclosure: return "item.enclosures IS NOT NULL"
        case .tag(let name):
            arguments += [name, name]
            return "(+item.feed_id IN (SELECT feed_id FROM feed_tag WHERE tag = ?) OR +item.id IN (SELECT item_id FROM item_tag WHERE tag = ?))"
        case .feed(let text):
            let number = Int64(text) ?? -1
            arguments += [number, text, text]
            return """
                +item.feed_id IN (SELECT feed.id FROM feed WHERE feed.id = ? \
                OR instr(lower(\(SQLiteFeedStore.displayedFeedTitle("feed"))), lower(?)) > 0 OR instr(lower(feed.url), lower(?)) > 0)
                """
        case .contains(let field, let text):
            arguments += [text]
            return "instr(lower(COALESCE(item.\(field.rawValue), '')), lower(?)) > 0"
        case .content(let text):
            return match(SearchExpression.fts5(from: text).map { "body : (\($0))" })
        case .words(let term):
            return match(SearchExpression.fts5(from: term))
        case .newer(let seconds):
            arguments += [now.timeIntervalSince1970 - Double(seconds)]
            return "\(SQLiteFeedStore.sortDate) >= ?"
        case .older(let seconds):
            arguments += [now.timeIntervalSince1970 - Double(seconds)]
            return "\(SQLiteFeedStore.sortDate) < ?"
        case .not(let inner):
            alternatives += 1
            defer { alternatives -= 1 }
            return "NOT (\(write(inner)))"
        case .any(let terms):
            alternatives += 1
            defer { alternatives -= 1 }
            return "(" + terms.map { write($0) }.joined(separator: " OR ") + ")"
        case .all(let terms):
            // The full-text words of one AND are asked of the index at once. A word of
            // punctuation only is passed over beside other terms, as `tidings search` passes
            // it over; alone it matches nothing.
            var words: [String] = []
            var others: [ItemFilter] = []
            for term in terms {
                if case .words(let word) = term {
                    if let expression = SearchExpression.fts5(from: word) { words.append(expression) }
                } else {
                    others.append(term)
                }
            }
            var parts: [String] = []
            if !words.isEmpty { parts.append(match(words.joined(separator: " "))) }
            parts += others.map { write($0) }
            return parts.isEmpty ? "0" : "(" + parts.joined(separator: " AND ") + ")"
        }
    }

    /// Items the search index finds for `expression`; a term with no word in it (only
    /// punctuation) matches nothing, as it does in `tidings search`.
    private mutating func match(_ expression: String?) -> String {
        guard let expression else { return "0" }
        arguments += [expression]
        matches.append((expression, alternatives == 0))
        return Self.matching(askingEach: askingEach)
    }

    /// The condition "the search index matches the item" for one `MATCH ?` argument: the
    /// matches gathered once, or the index asked about the item (`FullTextAccess`).
    static func matching(askingEach: Bool) -> String {
        askingEach
            ? "EXISTS (SELECT 1 FROM item_fts WHERE item_fts MATCH ? AND item_fts.rowid = item.id)"
            : "item.id IN (SELECT rowid FROM item_fts WHERE item_fts MATCH ?)"
    }
}
