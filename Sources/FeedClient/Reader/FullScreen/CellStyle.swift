/// What a run of cells is drawn as: a row or bar element (`base`), with a part of it over
/// that (`part`) and a mark over both (`mark`, such as a search match inside a quote). The
/// screen's `ScreenPalette` turns it into a `TextLook`; Views only name elements.
public struct CellStyle: Hashable, Sendable {
    public var base: ScreenElement
    public var part: ScreenElement?
    public var mark: ScreenElement?

    public init(_ base: ScreenElement, part: ScreenElement? = nil, mark: ScreenElement? = nil) {
        self.base = base
        self.part = part
        self.mark = mark
    }

    /// The screen's background: blank rows, plain text outside any element.
    public static let plain = CellStyle(.background)

    /// A part of an element.
    public static func part(_ part: ScreenElement, of base: ScreenElement) -> CellStyle {
        CellStyle(base, part: part)
    }

    /// This style with `element` over it: as its part, or as the mark when it has a part.
    public func with(_ element: ScreenElement?) -> CellStyle {
        guard let element else { return self }
        var style = self
        if part == nil { style.part = element } else { style.mark = element }
        return style
    }

    /// `parts` over `base`, each over the one before it (at most two count: part and mark).
    public init(_ base: ScreenElement, parts: [ScreenElement]) {
        self.init(base, part: parts.first, mark: parts.dropFirst().first)
    }
}
