/// `--color auto|always|never`.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// Color on a terminal, unless `NO_COLOR` is set to a non-empty value (no-color.org).
    case auto
    case always
    case never

    /// Whether output gets colors.
    public func enables(isTTY: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTTY && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
