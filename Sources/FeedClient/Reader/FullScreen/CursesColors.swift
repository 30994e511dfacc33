import CCurses

/// Turns the styles Views draw in into curses attributes and colour pairs: each style's look
/// from the palette, each pair of colours given a curses pair the first time it is drawn
/// (ncurses allows `COLOR_PAIRS`, at most 32767, far more than a palette of ~40 elements can
/// use). A colour the terminal does not have (color200 on an 8-colour terminal) is drawn as
/// the nearest one it has, by xterm's RGB values.
@MainActor
struct CursesColors {
    private let api: tidings_curses_api
    let palette: ScreenPalette
    /// Whether colours are drawn at all (`usesColor`, and the terminal has them).
    let usesColor: Bool
    /// How many colours and pairs the terminal has.
    private let colorCount: Int
    private let pairLimit: Int
    private var pairs: [ColorPair: Int16] = [:]
    private var drawn: [CellStyle: (attributes: attr_t, pair: Int16)] = [:]

    private struct ColorPair: Hashable {
        var foreground: Int16
        var background: Int16
    }

    /// Starts curses' colours when `usesColor` (and the terminal has them).
    init(api: tidings_curses_api, palette: ScreenPalette, usesColor: Bool) {
        self.api = api
        self.palette = palette
        let colored = usesColor && api.has_colors!()
        self.usesColor = colored
        if colored {
            _ = api.start_color!()
            _ = api.use_default_colors!()
        }
        colorCount = colored ? Int(max(8, api.tigetnum!("colors"))) : 0
        pairLimit = colored ? Int(min(32767, max(8, api.tigetnum!("pairs")))) : 0
    }

    /// The attributes and pair to draw `style` with.
    mutating func attributes(for style: CellStyle) -> (attributes: attr_t, pair: Int16) {
        if let known = drawn[style] { return known }
        let look = palette.look(for: style)
        let result = (Self.attributes(look.attributes), usesColor ? pair(look.foreground, look.background) : 0)
        drawn[style] = result
        return result
    }

    /// Whether `style` looks like the background (a blank of it can be cleared to the line's end).
    /// Equal looks are drawn with the same attributes and pair, so the cached ones compare.
    mutating func looksLikeBackground(_ style: CellStyle) -> Bool {
        let drawn = attributes(for: style), background = attributes(for: .plain)
        return drawn.attributes == background.attributes && drawn.pair == background.pair
    }

    private mutating func pair(_ foreground: UInt8?, _ background: UInt8?) -> Int16 {
        guard foreground != nil || background != nil else { return 0 }
        let key = ColorPair(foreground: nearest(foreground), background: nearest(background))
        if let known = pairs[key] { return known }
        guard pairs.count + 1 < pairLimit else { return 0 }
        let number = Int16(pairs.count + 1)
        _ = api.init_pair!(number, key.foreground, key.background)
        pairs[key] = number
        return number
    }

    /// `color` as the terminal can show it; -1, the terminal's default, for none.
    private func nearest(_ color: UInt8?) -> Int16 {
        guard let color else { return -1 }
        return Int16(Self.nearest(Int(color), among: colorCount))
    }

    /// The colour of the first `count` (at most 16 looked among when the 256 are not there)
    /// closest to xterm's colour `index`.
    static func nearest(_ index: Int, among count: Int) -> Int {
        guard index >= count else { return index }
        let target = rgb(index)
        return (0..<min(count, 16)).min { distance(rgb($0), target) < distance(rgb($1), target) } ?? 0
    }

    /// xterm's RGB for its 256 colours: the sixteen, the 6×6×6 cube, the 24 greys.
    static func rgb(_ index: Int) -> (Int, Int, Int) {
        let sixteen = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if index < 16 { return sixteen[index] }
        if index >= 232 {
            let grey = 8 + 10 * (index - 232)
            return (grey, grey, grey)
        }
        let levels = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (r, g, b2) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return r * r + g * g + b2 * b2
    }

    private static func attributes(_ attributes: TextLook.Attributes) -> attr_t {
        var result = tidings_curses_normal()
        let table: [(TextLook.Attributes, attr_t)] = [
            (.bold, tidings_curses_bold()), (.dim, tidings_curses_dim()), (.reverse, tidings_curses_reverse()),
            (.underline, tidings_curses_underline()), (.standout, tidings_curses_standout()), (.blink, tidings_curses_blink()),
            (.italic, tidings_curses_italic()), (.invisible, tidings_curses_invisible()), (.protect, tidings_curses_protect()),
        ]
        for (attribute, value) in table where attributes.contains(attribute) { result |= value }
        return result
    }
}
