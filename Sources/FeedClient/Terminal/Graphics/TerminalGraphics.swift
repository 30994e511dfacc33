/// How the terminal draws pictures, as it said when asked (`TerminalProbe`), or as the config
/// forces it (`reader: images:`).
public struct TerminalGraphics: Equatable, Sendable {
    /// The graphics protocol.
    public enum Kind: String, Equatable, Sendable {
        /// kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole): PNG, placed by id.
        case kitty
        /// DEC sixels (xterm -ti vt340, foot, mlterm, WezTerm, iTerm2).
        case sixel
    }

    public var kind: Kind
    /// A cell's size in pixels.
    public var cellWidth: Int
    public var cellHeight: Int
    /// Inside tmux, whose passthrough (`allow-passthrough on`) carries each sequence, wrapped.
    public var throughTmux: Bool

    public init(kind: Kind, cellWidth: Int, cellHeight: Int, throughTmux: Bool = false) {
        self.kind = kind
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.throughTmux = throughTmux
    }
}

/// The config's `reader: images:`: ask the terminal (`auto`, the default), force a protocol, or
/// draw none (`off`: the `[image: alt]` lines only).
public enum ImagesSetting: String, Equatable, Sendable, CaseIterable {
    case auto, kitty, sixel, off
}
