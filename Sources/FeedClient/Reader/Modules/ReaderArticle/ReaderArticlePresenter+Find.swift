import FeedEntities

/// What `/` found in an article: the text, where it is, and the match gone to last.
struct ArticleFinding: Equatable {
    var term: String
    /// The line of each match, in order: indices into the article's lines, a line as often
    /// as the text is in it.
    var lines: [Int]
    /// The index into `lines` of the match on screen.
    var current: Int
}

// Finding text in the article (`/`), as less does: the matches highlighted, the first one at or
// below the window's top brought into view, `n` and `N` to the next and previous one (round
// the ends), Esc to stop; an empty answer goes on to the next match.
extension ReaderArticlePresenter {
    /// Lines above a match when it is brought into view: a little of what leads to it.
    static let contextAboveMatch = 2

    /// The line of each occurrence of `term` in `lines`, in any case: the index of a line as
    /// often as `term` is in it.
    static func matches(of term: String, in lines: [ArticleLayout.Line]) -> [Int] {
        var found: [Int] = []
        for (index, line) in lines.enumerated() {
            found += Array(repeating: index, count: CaselessMatch.ranges(of: term, in: line.text[...]).count)
        }
        return found
    }

    func find(_ text: String) {
        let term = text.trimmingWhitespace
        guard !term.isEmpty else {
            if finding != nil { step(forward: true) } else { router.say("Type something to find", isError: false) }
            redraw()
            return
        }
        let found = Self.matches(of: term, in: lines)
        guard !found.isEmpty else {
            finding = nil
            router.say("Not found: \(term)", isError: false)
            redraw()
            return
        }
        finding = ArticleFinding(term: term, lines: found, current: found.firstIndex { $0 >= top } ?? 0)
        showMatch()
        redraw()
    }

    /// `n`, `N` and Esc while text is being found; other keys do what they always do.
    /// - Returns: whether the key was one of those.
    func handleFindingKey(_ key: KeyPress) async -> Bool {
        guard finding != nil else { return false }
        switch key {
        case .character("n"): step(forward: true)
        case .character("N"): step(forward: false)
        case .escape:
            finding = nil
            router.say("Done finding", isError: false)
        default: return false
        }
        redraw()
        return true
    }

    /// The matches again after the lines changed (a resize wraps them anew).
    func refind() {
        guard let term = finding?.term else { return }
        let found = Self.matches(of: term, in: lines)
        guard !found.isEmpty else {
            finding = nil
            return
        }
        finding = ArticleFinding(term: term, lines: found, current: found.firstIndex { $0 >= top } ?? 0)
    }

    private func step(forward: Bool) {
        guard var finding, !finding.lines.isEmpty else { return }
        let count = finding.lines.count
        finding.current = (finding.current + (forward ? 1 : count - 1)) % count
        self.finding = finding
        showMatch()
    }

    private func showMatch() {
        guard let finding else { return }
        top = max(0, finding.lines[finding.current] - Self.contextAboveMatch)
        router.say(
            "\(finding.current + 1) of \(Counted.phrase(finding.lines.count, "match", "matches")) for “\(finding.term)” (n/N: next/previous, ESC: done)",
            isError: false)
    }

    /// Opens the article's link `[number]` in the browser.
    func openLink(_ number: Int) async {
        guard let links = content?.links, links.indices.contains(number - 1) else {
            router.say("This article has no link [\(number)]", isError: false)
            return
        }
        do {
            try await router.openInBrowser(try interactor.openable(links[number - 1]))
        } catch {
            router.say(CommandFailure(error).message, isError: true)
        }
    }
}
