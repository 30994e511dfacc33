/// How cells look on the terminal: attributes and, where set, a foreground and a background
/// colour from the terminal's 256 (0–7 the basic eight, 8–15 their bright forms, as xterm
/// numbers them). A colour left `nil` is the one beneath: the element a part is drawn over,
/// then `background`, then the terminal's own.
public struct TextLook: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// curses' video attributes, as newsboat names them in its `color` command.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let reverse = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
        public static let standout = Attributes(rawValue: 1 << 4)
        public static let blink = Attributes(rawValue: 1 << 5)
        public static let italic = Attributes(rawValue: 1 << 6)
        public static let invisible = Attributes(rawValue: 1 << 7)
        public static let protect = Attributes(rawValue: 1 << 8)
    }

    public var attributes: Attributes
    public var foreground: UInt8?
    public var background: UInt8?

    public init(attributes: Attributes = [], foreground: UInt8? = nil, background: UInt8? = nil) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// The looks given, each over the one before it.
    public init(arrayLiteral looks: TextLook...) {
        var combined = TextLook(attributes: [])
        for look in looks { combined = look.over(combined) }
        self = combined
    }

    public static let bold = TextLook(attributes: .bold)
    public static let dim = TextLook(attributes: .dim)
    public static let reverse = TextLook(attributes: .reverse)
    public static let underline = TextLook(attributes: .underline)
    public static let red = TextLook(foreground: 1)
    public static let green = TextLook(foreground: 2)
    public static let yellow = TextLook(foreground: 3)
    public static let cyan = TextLook(foreground: 6)

    /// This look drawn over `beneath`: the attributes of both, this one's colours where it has them.
    public func over(_ beneath: TextLook) -> TextLook {
        TextLook(
            attributes: attributes.union(beneath.attributes), foreground: foreground ?? beneath.foreground,
            background: background ?? beneath.background)
    }

    /// Whether this look has every attribute of `other` and its colours where `other` sets them.
    public func contains(_ other: TextLook) -> Bool {
        attributes.isSuperset(of: other.attributes)
            && (other.foreground == nil || other.foreground == foreground)
            && (other.background == nil || other.background == background)
    }

    /// The look without its colours, for a terminal that shows none (or `NO_COLOR`).
    public var withoutColors: TextLook { TextLook(attributes: attributes) }

    /// Whether this is the terminal's plain look.
    public var isPlain: Bool { attributes.isEmpty && foreground == nil && background == nil }
}
