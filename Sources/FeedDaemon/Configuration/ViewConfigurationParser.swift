import FeedEntities
import Yams

/// Reads `views`: a mapping of names to queries in the query language (docs/views.md),
///
///     views:
///       Rust news: 'is:unread tag:linux rust'
///       Episodes: has:enclosure is:unread
///
/// in the file's order. Errors name the view, `views 'Rust news': …`, on its own line.
struct ViewConfigurationParser {
    let file: String
    let key = "views"

    /// The views in `node`; an empty value means none.
    /// - Throws: `ConfigurationError` naming the view and what is wrong with it: a name
    ///   `SavedView.problem(withName:)` refuses, one given twice (without case), a query that
    ///   does not read.
    func views(_ node: Node) throws(ConfigurationError) -> [SavedView] {
        if let scalar = node.scalar?.string {
            guard scalar.isEmpty || scalar == "~" || scalar == "null" else {
                throw ConfigurationError(file: file, key: key, message: "expected a mapping of names to queries, such as 'Rust news: is:unread tag:linux rust'")
            }
            return []
        }
        guard let mapping = node.mapping else {
            throw ConfigurationError(file: file, key: key, message: "expected a mapping of names to queries, such as 'Rust news: is:unread tag:linux rust'")
        }
        guard mapping.count <= SavedView.maximumCount else {
            throw ConfigurationError(file: file, key: key, message: "at most \(SavedView.maximumCount) views, not \(mapping.count)")
        }
        var views: [SavedView] = []
        var seen: Set<String> = []
        for (nameNode, queryNode) in mapping {
            let line = nameNode.mark?.line
            guard let name = nameNode.scalar?.string else {
                throw ConfigurationError(file: file, line: line, key: key, message: "a view's name is text")
            }
            let place = "\(key) '\(name)'"
            if let problem = SavedView.problem(withName: name) {
                throw ConfigurationError(file: file, line: line, key: place, message: problem)
            }
            guard seen.insert(SavedView.key(of: name)).inserted else {
                throw ConfigurationError(file: file, line: line, key: place, message: "a view of this name (without case) is given above")
            }
            guard let query = queryNode.scalar?.string, !query.isEmpty else {
                throw ConfigurationError(file: file, line: line, key: place, message: "expected a query, such as 'is:unread tag:linux rust'")
            }
            do {
                _ = try ItemFilter(parsing: query)
            } catch {
                throw ConfigurationError(file: file, line: line, key: place, message: error.description)
            }
            views.append(SavedView(name: name, query: query, origin: .config))
        }
        return views
    }
}
