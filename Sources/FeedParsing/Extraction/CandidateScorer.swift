/// Finds the element that holds a page's article, the way Readability does: every paragraph
/// of 25 characters or more scores 1, a point per comma and a point per 100 characters (at most
/// 3), given whole to its parent, half to its grandparent and a third of its level to the
/// ancestors above, up to five; an ancestor starts from what its tag and its `class`/`id` say
/// (`ExtractionPatterns`), plus the page's own hint (`<article>`, `<main>`,
/// `itemprop="articleBody"`); each total is then scaled by the share of its text outside links.
/// The best of them, or the ancestor it shares with other near-best ones, is the article, with
/// the siblings that score close to it or read like paragraphs of it.
struct CandidateScorer {
    let statistics: NodeStatistics
    /// Whether elements whose `class`, `id` or role name page furniture are left out before
    /// scoring (the first try; a page that leaves too little text is scored again without).
    let stripsUnlikely: Bool
    private let tree: PageTree
    /// Each element's score, by its number in the tree; `nan` for one not scored.
    private var scores: [Double]
    /// The scored elements, in the order they were first scored.
    private var candidates: [Int] = []
    /// Characters of prose paragraphs (80 or more characters, few of them links) under each
    /// element, and on the whole page.
    private var prose: [Int]
    private var proseTotal = 0

    init(statistics: NodeStatistics, stripsUnlikely: Bool) {
        self.statistics = statistics
        self.stripsUnlikely = stripsUnlikely
        tree = statistics.tree
        scores = Array(repeating: .nan, count: tree.count)
        prose = Array(repeating: 0, count: tree.count)
    }

    /// The article's elements in document order: the best candidate, or its siblings with it;
    /// empty when no paragraph scored.
    mutating func select(in body: Int) -> [Int] {
        scoreParagraphs(under: body)
        guard var top = bestCandidate() else { return [] }
        top = widened(top, body: body)
        top = holdingTheProse(top, body: body)
        return siblings(of: top, body: body)
    }

    /// Whether the scorer leaves `node` and everything inside it out.
    func isExcluded(_ node: Int) -> Bool {
        let tag = tree.tag(node)
        if tag.isSkipped || tree.isHidden(node) { return true }
        switch tag {
        case .html, .body, .article, .main: return false
        case .nav, .aside, .footer, .form, .button, .select, .textarea, .iframe, .dialog, .menu:
            return stripsUnlikely
        default: break
        }
        guard stripsUnlikely else { return false }
        if tree.hasUnlikelyRole(node) { return true }
        return statistics.verdict(of: node).isFurniture
    }

    private mutating func scoreParagraphs(under node: Int) {
        for child in tree.elementChildren(node) where !isExcluded(child) {
            if isParagraph(child) {
                score(paragraph: child)
                // A paragraph-like <div> or <td> may still hold paragraphs of its own.
                if tree.tag(child) != .p { scoreParagraphs(under: child) }
            } else {
                scoreParagraphs(under: child)
            }
        }
    }

    /// `<p>`, `<pre>`, `<td>`, and a `<div>` or `<section>` with no block inside (text written
    /// straight into it, as many pages do).
    private func isParagraph(_ node: Int) -> Bool {
        switch tree.tag(node) {
        case .p, .pre, .td: return true
        case .div, .section, .article:
            return !tree.elementChildren(node).contains { Self.isBlock(tree.tag($0)) }
        default: return false
        }
    }

    private mutating func score(paragraph: Int) {
        let counts = statistics[paragraph]
        guard counts.text >= 25 else { return }
        let points = 1 + Double(counts.commas) + Double(min(counts.text / 100, 3))
        if counts.text >= 80, counts.linkDensity < 0.25 {
            proseTotal += counts.text
            var ancestor = tree.parent(paragraph)
            while ancestor > PageTree.document {
                prose[ancestor] += counts.text
                ancestor = tree.parent(ancestor)
            }
        }
        var ancestor = tree.parent(paragraph)
        var level = 0
        while ancestor > PageTree.document, level < 5 {
            if scores[ancestor].isNaN {
                scores[ancestor] = initialScore(ancestor)
                candidates.append(ancestor)
            }
            let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
            scores[ancestor] += points / divider
            ancestor = tree.parent(ancestor)
            level += 1
        }
    }

    private func initialScore(_ node: Int) -> Double {
        var score: Double
        let tag = tree.tag(node)
        switch tag {
        case .div, .article, .main, .section: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        default: score = 0
        }
        score += Double(statistics.verdict(of: node).weight)
        if tag == .article || tag == .main || tree.attribute(.itemprop, of: node) == "articleBody" {
            score += 25
        }
        return score
    }

    private func finalScore(_ node: Int) -> Double? {
        let score = scores[node]
        guard !score.isNaN else { return nil }
        return score * (1 - statistics[node].linkDensity)
    }

    /// The highest final score; of equal ones, the first in the page.
    private func bestCandidate() -> Int? {
        var best: (node: Int, score: Double)?
        for node in candidates {
            guard let score = finalScore(node) else { continue }
            if best == nil || score > best!.score || (score == best!.score && node < best!.node) {
                best = (node, score)
            }
        }
        return best?.node
    }

    /// The best candidate, or the ancestor it shares with at least three near-best candidates
    /// (an article split into several scored blocks), or a parent that scores higher still.
    private func widened(_ best: Int, body: Int) -> Int {
        guard let bestScore = finalScore(best), bestScore > 0 else { return best }
        var top = best
        // Among the five best only, as Readability does: a page of ten thousand scored blocks
        // costs no more here than one of five.
        var ranked: [(node: Int, score: Double)] = []
        for node in candidates where node != best {
            guard let score = finalScore(node), score / bestScore >= 0.75 else { continue }
            ranked.append((node, score))
            if ranked.count > 5 {
                ranked.sort { $0.score > $1.score || ($0.score == $1.score && $0.node < $1.node) }
                ranked.removeLast()
            }
        }
        let near = ranked.map(\.node)
        if near.count >= 3 {
            var ancestor = tree.parent(best)
            while ancestor > PageTree.document, ancestor != body {
                let current = ancestor
                if near.filter({ tree.isAncestor(current, of: $0) }).count >= 3 {
                    top = current
                    break
                }
                ancestor = tree.parent(current)
            }
        }
        var lastScore = finalScore(top) ?? bestScore
        let threshold = lastScore / 3
        var parent = tree.parent(top)
        while parent > PageTree.document, parent != body {
            guard let score = finalScore(parent) else {
                parent = tree.parent(parent)
                continue
            }
            if score < threshold { break }
            if score > lastScore {
                top = parent
                break
            }
            lastScore = score
            parent = tree.parent(parent)
        }
        // A wrapper with the candidate as its only element holds nothing else.
        while case let parent = tree.parent(top), parent > PageTree.document, parent != body,
            tree.elementChildren(parent).filter({ !isExcluded($0) }).count == 1
        {
            top = parent
        }
        return top
    }

    /// The candidate, or the nearest ancestor that holds most of the page's prose, as long as
    /// that ancestor is not mostly links: an article split into sections (a newsletter's
    /// categories, a long read's chapters) that score apart is one article still.
    private func holdingTheProse(_ candidate: Int, body: Int) -> Int {
        guard proseTotal > 0 else { return candidate }
        var top = candidate
        while prose[top] * 10 < proseTotal * 7, case let parent = tree.parent(top), parent > PageTree.document,
            parent != body, statistics[parent].linkDensity < 0.4
        {
            top = parent
        }
        return top
    }

    private func siblings(of top: Int, body: Int) -> [Int] {
        let parent = tree.parent(top)
        guard parent > PageTree.document, top != body else { return [top] }
        let topScore = finalScore(top) ?? 0
        let threshold = max(10, topScore * 0.2)
        let topClass = tree.attribute(.class, of: top) ?? ""
        var chosen: [Int] = []
        for sibling in tree.elementChildren(parent) {
            if sibling == top {
                chosen.append(sibling)
                continue
            }
            if isExcluded(sibling) { continue }
            var bonus = 0.0
            if !topClass.isEmpty, tree.attribute(.class, of: sibling) == topClass { bonus = topScore * 0.2 }
            if let score = finalScore(sibling), score + bonus >= threshold {
                chosen.append(sibling)
            } else if tree.tag(sibling) == .p {
                let counts = statistics[sibling]
                if counts.text > 80, counts.linkDensity < 0.25 {
                    chosen.append(sibling)
                } else if counts.text > 0, counts.text <= 80, counts.linkText == 0, endsLikeASentence(sibling) {
                    chosen.append(sibling)
                }
            }
        }
        return chosen
    }

    /// Whether the paragraph's own text (not its elements') ends with a full stop.
    private func endsLikeASentence(_ node: Int) -> Bool {
        var text: [UInt8] = []
        var child = tree.firstChild(node)
        while child != PageTree.none {
            if tree.isText(child) { tree.withText(child) { text.append(contentsOf: $0) } }
            child = tree.next(child)
        }
        while let last = text.last, last == 0x20 || last == 0x0A || last == 0x09 { text.removeLast() }
        return text.last == UInt8(ascii: ".")
    }

    /// Elements that make a `<div>` around them no paragraph.
    static func isBlock(_ tag: PageTag) -> Bool {
        switch tag {
        case .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul, .section, .article, .figure, .h1, .h2, .h3, .h4,
            .h5, .h6, .header, .footer, .aside, .nav, .form, .main:
            return true
        default:
            return false
        }
    }
}
