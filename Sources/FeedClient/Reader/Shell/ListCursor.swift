/// The cursor of a scrolling list: which row is selected and which is at the top of the
/// window, kept so that the selected row is always visible. Rows are counted in the whole
/// listing, not only in what is loaded.
public struct ListCursor: Equatable, Sendable {
    /// The selected row, 0-based; 0 in an empty list.
    public private(set) var selected = 0
    /// The first visible row.
    public private(set) var top = 0

    public init(selected: Int = 0, top: Int = 0) {
        self.selected = selected
        self.top = top
    }

    /// Selects `row`, clamped to the list, scrolling as little as needed to show it in a
    /// window of `visible` rows.
    public mutating func select(_ row: Int, count: Int, visible: Int) {
        selected = max(0, min(row, count - 1))
        scrollToSelection(count: count, visible: visible)
    }

    /// Moves the selection by `delta` rows.
    public mutating func move(by delta: Int, count: Int, visible: Int) {
        select(selected + delta, count: count, visible: visible)
    }

    /// Pages down (`direction` 1) or up (-1): the window moves by a page and the selection with it.
    public mutating func page(_ direction: Int, count: Int, visible: Int) {
        let step = max(1, visible - 1) * direction
        let lastTop = max(0, count - visible)
        top = max(0, min(top + step, lastTop))
        select(selected + step, count: count, visible: visible)
    }

    /// Keeps the window valid after the list or the window changed size.
    public mutating func scrollToSelection(count: Int, visible: Int) {
        let visible = max(1, visible)
        selected = max(0, min(selected, count - 1))
        if selected < top { top = selected }
        if selected >= top + visible { top = selected - visible + 1 }
        top = max(0, min(top, max(0, count - visible)))
    }
}
