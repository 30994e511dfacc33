/// Readability's "clean conditionally": inside the article, a `div`, `section`, list or table
/// is dropped when it reads like page furniture rather than text — a class or id that says so
/// (share, related, comments), mostly links, more images than paragraphs, more list items or
/// inputs than paragraphs, an embed with little text (a long block only when it is mostly links). Blocks with ten commas or more are prose
/// and stay; so do data tables (with headers or a caption, or large).
struct ConditionalCleaning {
    let statistics: NodeStatistics
    /// Off when the page is extracted a second time because the first try kept too little.
    let isEnabled: Bool

    func removes(_ node: Int) -> Bool {
        let tree = statistics.tree
        let tag = tree.tag(node)
        let verdict = statistics.verdict(of: node)
        if isEnabled, verdict.isFurniture, !Self.keepsAlways(tag) { return true }
        if tree.hasUnlikelyRole(node) { return true }
        if isEnabled, verdict.byline, statistics[node].text < 120 { return true }
        guard isEnabled, Self.isChecked(tag) else { return false }
        if tag == .table, isDataTable(node) { return false }
        let counts = statistics[node]
        let weight = verdict.weight
        if weight < 0 { return true }
        guard counts.commas < 10 else { return false }
        let isList = tag == .ul || tag == .ol
        let paragraphs = counts.paragraphs
        let density = counts.linkDensity
        if counts.images > 1, Double(paragraphs) / Double(counts.images) < 0.5, !tree.hasAncestor(.figure, of: node) { return true }
        if !isList, counts.listItems - 100 > paragraphs { return true }
        if counts.inputs > paragraphs / 3 { return true }
        if !isList, counts.text < 25, counts.headings == 0, counts.images == 0 || counts.images > 2 { return true }
        // Readability drops any block a fifth links; a long one (a link roundup's entry, a
        // paragraph citing its sources) stays unless it is mostly links.
        let linkLimit = counts.text < 200 ? 0.2 : 0.4
        if !isList, weight < 25, density > linkLimit { return true }
        if weight >= 25, density > 0.5 { return true }
        if isList, density > 0.5 { return true }
        if (counts.embeds == 1 && counts.text < 75) || counts.embeds > 1 { return true }
        return false
    }

    private func isDataTable(_ table: Int) -> Bool {
        if statistics.tree.attribute(.role, of: table, equalsIgnoringCase: "presentation") { return false }
        let counts = statistics[table]
        return counts.tableHeaders > 0 || counts.tableRows >= 10
    }

    private static func isChecked(_ tag: PageTag) -> Bool {
        switch tag {
        case .div, .section, .table, .ul, .ol, .form, .fieldset: return true
        default: return false
        }
    }

    private static func keepsAlways(_ tag: PageTag) -> Bool {
        switch tag {
        case .html, .body, .article, .main, .p, .pre, .code, .table, .tbody, .tr, .td, .th, .li: return true
        default: return false
        }
    }
}
