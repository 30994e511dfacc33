internal import CLibXML2

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
    private var scores: [xmlNodePtr: Double] = [:]
    /// Characters of prose paragraphs (80 or more characters, few of them links) under each
    /// element, and on the whole page.
    private var prose: [xmlNodePtr: Int] = [:]
    private var proseTotal = 0

    init(statistics: NodeStatistics, stripsUnlikely: Bool) {
        self.statistics = statistics
        self.stripsUnlikely = stripsUnlikely
    }

    /// The article's elements in document order: the best candidate, or its siblings with it;
    /// empty when no paragraph scored.
    mutating func select(in body: HTMLNode) -> [HTMLNode] {
        scoreParagraphs(under: body)
        guard var top = bestCandidate() else { return [] }
        top = widened(top, body: body)
        top = holdingTheProse(top, body: body)
        return siblings(of: top, body: body)
    }

    /// Whether the scorer leaves `node` and everything inside it out.
    func isExcluded(_ node: HTMLNode) -> Bool {
        let tag = statistics.tag(of: node)
        if NodeStatistics.isSkipped(tag) || node.isHidden { return true }
        switch tag {
        case .html, .body, .article, .main: return false
        case .nav, .aside, .footer, .form, .button, .select, .textarea, .iframe, .dialog, .menu:
            return stripsUnlikely
        default: break
        }
        guard stripsUnlikely else { return false }
        if let role = node.attribute("role")?.lowercased(), ExtractionPatterns.unlikelyRoles.contains(role) { return true }
        return statistics.verdict(of: node).isFurniture
    }

    private mutating func scoreParagraphs(under node: HTMLNode) {
        for child in node.elementChildren where !isExcluded(child) {
            if isParagraph(child) {
                score(paragraph: child)
                // A paragraph-like <div> or <td> may still hold paragraphs of its own.
                if !child.isElement("p") { scoreParagraphs(under: child) }
            } else {
                scoreParagraphs(under: child)
            }
        }
    }

    /// `<p>`, `<pre>`, `<td>`, and a `<div>` or `<section>` with no block inside (text written
    /// straight into it, as many pages do).
    private func isParagraph(_ node: HTMLNode) -> Bool {
        switch statistics.tag(of: node) {
        case .p, .pre, .td: return true
        case .div, .section, .article:
            return !node.elementChildren.contains { Self.isBlock(statistics.tag(of: $0)) }
        default: return false
        }
    }

    private mutating func score(paragraph: HTMLNode) {
        let counts = statistics[paragraph]
        guard counts.text >= 25 else { return }
        let points = 1 + Double(counts.commas) + Double(min(counts.text / 100, 3))
        if counts.text >= 80, counts.linkDensity < 0.25 {
            proseTotal += counts.text
            var ancestor = paragraph.parent
            while let current = ancestor, current.isElement {
                prose[current.pointer, default: 0] += counts.text
                ancestor = current.parent
            }
        }
        var ancestor = paragraph.parent
        var level = 0
        while let current = ancestor, current.isElement, level < 5 {
            if scores[current.pointer] == nil { scores[current.pointer] = initialScore(current) }
            let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
            scores[current.pointer, default: 0] += points / divider
            ancestor = current.parent
            level += 1
        }
    }

    private func initialScore(_ node: HTMLNode) -> Double {
        var score: Double
        let tag = statistics.tag(of: node)
        switch tag {
        case .div, .article, .main, .section: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        default: score = 0
        }
        score += Double(statistics.verdict(of: node).weight)
        if tag == .article || tag == .main || node.attribute("itemprop") == "articleBody" {
            score += 25
        }
        return score
    }

    private func finalScore(_ node: HTMLNode) -> Double? {
        guard let score = scores[node.pointer] else { return nil }
        return score * (1 - statistics[node].linkDensity)
    }

    private func bestCandidate() -> HTMLNode? {
        var best: (node: HTMLNode, score: Double)?
        for pointer in scores.keys {
            let node = HTMLNode(pointer: pointer)
            guard let score = finalScore(node) else { continue }
            if best == nil || score > best!.score || (score == best!.score && pointer < best!.node.pointer) {
                best = (node, score)
            }
        }
        return best?.node
    }

    /// The best candidate, or the ancestor it shares with at least three near-best candidates
    /// (an article split into several scored blocks), or a parent that scores higher still.
    private func widened(_ best: HTMLNode, body: HTMLNode) -> HTMLNode {
        guard let bestScore = finalScore(best), bestScore > 0 else { return best }
        var top = best
        // Among the five best only, as Readability does: a page of ten thousand scored blocks
        // costs no more here than one of five.
        var ranked: [(node: HTMLNode, score: Double)] = []
        for pointer in scores.keys where pointer != best.pointer {
            let node = HTMLNode(pointer: pointer)
            guard let score = finalScore(node), score / bestScore >= 0.75 else { continue }
            ranked.append((node, score))
            if ranked.count > 5 {
                ranked.sort { $0.score > $1.score || ($0.score == $1.score && $0.node.pointer < $1.node.pointer) }
                ranked.removeLast()
            }
        }
        let near = ranked.map(\.node)
        if near.count >= 3 {
            var ancestor = best.parent
            while let current = ancestor, current.pointer != body.pointer, current.isElement {
                let holding = near.filter { $0.ancestors.contains { $0.pointer == current.pointer } }.count
                if holding >= 3 {
                    top = current
                    break
                }
                ancestor = current.parent
            }
        }
        var lastScore = finalScore(top) ?? bestScore
        let threshold = lastScore / 3
        var parent = top.parent
        while let current = parent, current.pointer != body.pointer, current.isElement {
            guard let score = finalScore(current) else {
                parent = current.parent
                continue
            }
            if score < threshold { break }
            if score > lastScore {
                top = current
                break
            }
            lastScore = score
            parent = current.parent
        }
        // A wrapper with the candidate as its only element holds nothing else.
        while let parent = top.parent, parent.pointer != body.pointer, parent.isElement,
            parent.elementChildren.filter({ !isExcluded($0) }).count == 1
        {
            top = parent
        }
        return top
    }

    /// The candidate, or the nearest ancestor that holds most of the page's prose, as long as
    /// that ancestor is not mostly links: an article split into sections (a newsletter's
    /// categories, a long read's chapters) that score apart is one article still.
    private func holdingTheProse(_ candidate: HTMLNode, body: HTMLNode) -> HTMLNode {
        guard proseTotal > 0 else { return candidate }
        var top = candidate
        while (prose[top.pointer] ?? 0) * 10 < proseTotal * 7, let parent = top.parent, parent.isElement,
            parent.pointer != body.pointer, statistics[parent].linkDensity < 0.4
        {
            top = parent
        }
        return top
    }

    private func siblings(of top: HTMLNode, body: HTMLNode) -> [HTMLNode] {
        guard let parent = top.parent, parent.isElement, top.pointer != body.pointer else { return [top] }
        let topScore = finalScore(top) ?? 0
        let threshold = max(10, topScore * 0.2)
        let topClass = top.attribute("class") ?? ""
        var chosen: [HTMLNode] = []
        for sibling in parent.elementChildren {
            if sibling.pointer == top.pointer {
                chosen.append(sibling)
                continue
            }
            if isExcluded(sibling) { continue }
            var bonus = 0.0
            if !topClass.isEmpty, sibling.attribute("class") == topClass { bonus = topScore * 0.2 }
            if let score = finalScore(sibling), score + bonus >= threshold {
                chosen.append(sibling)
            } else if sibling.isElement("p") {
                let counts = statistics[sibling]
                if counts.text > 80, counts.linkDensity < 0.25 {
                    chosen.append(sibling)
                } else if counts.text > 0, counts.text <= 80, counts.linkText == 0, Self.endsLikeASentence(sibling) {
                    chosen.append(sibling)
                }
            }
        }
        return chosen
    }

    private static func endsLikeASentence(_ node: HTMLNode) -> Bool {
        var text: [UInt8] = []
        var next = node.firstChild
        while let child = next {
            if child.isText { text.append(contentsOf: child.textBytes) }
            next = child.nextSibling
        }
        while let last = text.last, last == 0x20 || last == 0x0A || last == 0x09 { text.removeLast() }
        return text.last == UInt8(ascii: ".")
    }

    /// Elements that make a `<div>` around them no paragraph.
    static func isBlock(_ tag: ElementNames.Tag) -> Bool {
        switch tag {
        case .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul, .section, .article, .figure, .h1, .h2, .h3, .h4,
            .h5, .h6, .header, .footer, .aside, .nav, .form, .main:
            return true
        default:
            return false
        }
    }
}
