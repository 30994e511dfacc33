/// Default file locations (XDG base directories), as in docs/ARCHITECTURE.md.
public struct DataLocations: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    private var home: String { environment["HOME"] ?? "/" }

    private func base(_ variable: String, fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home + "/" + fallback
    }

    /// `$XDG_CONFIG_HOME/tidings/config.yaml`.
    public var configFile: String { base("XDG_CONFIG_HOME", fallback: ".config") + "/tidings/config.yaml" }

    /// `$XDG_DATA_HOME/tidings/tidings.sqlite`.
    public var database: String { base("XDG_DATA_HOME", fallback: ".local/share") + "/tidings/tidings.sqlite" }
}
