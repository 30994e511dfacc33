import FeedEntities

/// Lists: bullets, numbers and their indentation.
extension HTMLTextWalker {
    func enterList(_ node: HTMLNode, ordered: Bool) {
        flush()
        layout.requestBreak(lists.isEmpty ? .blank : .line)
        var state = ListState(ordered: ordered, next: 1, step: 1, numbering: .decimal, markerWidth: 1)
        if ordered {
            let count = node.elementChildren.reduce(0) { $0 + ($1.isElement("li") ? 1 : 0) }
            state.step = node.attribute("reversed") == nil ? 1 : -1
            state.next = node.attribute("start").flatMap(Self.integer) ?? (state.step == 1 ? 1 : count)
            state.numbering = ListMarker.Numbering(typeAttribute: node.attribute("type"))
            // Numbers are right-aligned, so the text of every item starts in the same column.
            var widest = 0
            for offset in 0..<count {
                let number = state.next + offset * state.step
                widest = max(widest, ListMarker.ordinal(number, state.numbering).utf8.count)
            }
            state.markerWidth = widest
        }
        lists.append(state)
        frames.append(.list)
    }

    func enterListItem(_ node: HTMLNode) {
        flush()
        layout.requestBreak(.line)
        let marker: String
        if let list = lists.last, list.ordered {
            let index = lists.count - 1
            if let value = node.attribute("value").flatMap(Self.integer) { lists[index].next = value }
            let ordinal = ListMarker.ordinal(lists[index].next, list.numbering)
            lists[index].next += list.step
            marker = String(repeating: " ", count: max(list.markerWidth - ordinal.utf8.count, 0)) + ordinal + " "
        } else {
            marker = ListMarker.bullet(depth: max(lists.count - 1, 0)) + " "
        }
        let indented = layout.pushIndent(first: marker, rest: String(repeating: " ", count: DisplayWidth.of(marker)))
        if !indented { inline.append(marker.trimmingASCIIWhitespace()) }
        frames.append(.listItem(indented: indented))
    }

    /// An attribute's integer value, kept to a range where list arithmetic cannot overflow.
    static func integer(_ text: String) -> Int? {
        guard let value = Int(text.trimmingASCIIWhitespace()) else { return nil }
        return min(max(value, -1_000_000_000), 1_000_000_000)
    }
}
