/// The few SGR styles the Views use. Styles wrap text that is already sanitised; with colors
/// off (`Terminal.usesColor`), `apply` returns the text unchanged, so layout never depends on them.
public enum TextStyle: Sendable {
    /// Unread items, titles in `show`.
    case bold
    /// Secondary columns: dates, header labels, link references.
    case dim
    /// Text standing in for a title: the first words of an untitled item.
    case italic
    /// Starred items.
    case yellow
    /// Failing feeds, errors.
    case red
    /// Search matches.
    case highlight

    var parameters: String {
        switch self {
        case .bold: "1"
        case .dim: "2"
        case .italic: "3"
        case .yellow: "33"
        case .red: "31"
        case .highlight: "1;7"
        }
    }

    /// `text` between this style's SGR sequence and a reset, when `enabled`; zero columns wide.
    public func apply(_ text: String, enabled: Bool) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m" + text + "\u{1B}[0m"
    }
}

extension Terminal {
    /// `text` in `style` when this terminal uses colors.
    public func styled(_ text: String, _ style: TextStyle) -> String {
        style.apply(text, enabled: usesColor)
    }
}
