import Glibc

/// Whether the client may start `tidingsd` itself when nothing listens on the socket.
///
/// Consulted only after a connection failed, so its file checks cost nothing while the daemon
/// runs. The client links no YAML parser (start-up time): `ConfigFileSettings` scans the config
/// for one top-level `autostart:` line; the daemon's loader checks the same key properly.
public struct AutostartPolicy: Sendable {
    /// What the policy allows.
    public enum Decision: Equatable, Sendable {
        /// Start the daemon.
        case start
        /// The user said not to, by `--no-autostart`, `TIDINGS_NO_AUTOSTART` or the config.
        case optedOut(OptOut)
        /// A systemd user unit is installed: starting the daemon is systemd's job, and a second,
        /// unmanaged daemon would fight the unit for the socket.
        case systemdUnit(path: String)
    }

    /// Where an opt-out came from, in the order they are checked.
    public enum OptOut: Equatable, Sendable {
        case flag
        case environment
        case config(path: String)
    }

    /// The unit file name looked for.
    public static let unitName = "tidingsd.service"
    /// System-wide directories of systemd user units (after the user's own, which come from
    /// the environment).
    public static let systemUnitDirectories = ["/etc/systemd/user", "/usr/local/lib/systemd/user", "/usr/lib/systemd/user"]

    private let noAutostartFlag: Bool
    private let environment: [String: String]
    private let systemDirectories: [String]

    /// - Parameters:
    ///   - noAutostartFlag: `--no-autostart` was given.
    ///   - environment: the process environment (`TIDINGS_NO_AUTOSTART`, `HOME`, `XDG_*`).
    ///   - systemUnitDirectories: system-wide unit directories (tests pass none).
    public init(noAutostartFlag: Bool, environment: [String: String], systemUnitDirectories: [String] = Self.systemUnitDirectories) {
        self.noAutostartFlag = noAutostartFlag
        self.environment = environment
        self.systemDirectories = systemUnitDirectories
    }

    /// Decides, reading the config file and looking for unit files: flag, environment, config,
    /// then an installed unit with a running user manager. Blocks the calling thread for a file read.
    public func decide() -> Decision {
        if noAutostartFlag { return .optedOut(.flag) }
        if Self.environmentDisablesAutostart(environment["TIDINGS_NO_AUTOSTART"]) { return .optedOut(.environment) }
        let config = ConfigFileSettings(environment: environment)
        if let configPath = config.path, config.disablesAutostart() {
            return .optedOut(.config(path: configPath))
        }
        if let unit = managedUnit { return .systemdUnit(path: unit) }
        return .start
    }

    /// The installed `tidingsd.service` that a running systemd user manager can start, or `nil`.
    /// A unit is systemd's to start only where a user manager runs: `make install` also installs
    /// it on machines without a user session, and there only we can start anything. Looks at
    /// files: call it only once connecting failed.
    public var managedUnit: String? {
        guard hasUserManager else { return nil }
        return unitPaths.first(where: { access($0, F_OK) == 0 })
    }

    /// Whether a systemd user manager runs for this user: its private socket is in
    /// `$XDG_RUNTIME_DIR/systemd/private`.
    public var hasUserManager: Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
        return access(runtime + "/systemd/private", F_OK) == 0
    }

    /// `$XDG_CONFIG_HOME/tidings/config.yaml`, the file the daemon reads by default.
    public var configPath: String? {
        ConfigFileSettings(environment: environment).path
    }

    /// The places of a `tidingsd.service` user unit: the user's own directories (where
    /// `make install` puts it), then the system-wide ones.
    public var unitPaths: [String] {
        let own = [("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share")].compactMap {
            Self.xdgDirectory($0.0, default: $0.1, environment: environment).map { $0 + "/systemd/user" }
        }
        return (own + systemDirectories).map { $0 + "/" + Self.unitName }
    }

    // MARK: - Rules

    /// Whether `TIDINGS_NO_AUTOSTART` opts out: any value but empty, `0`, `false`, `no` or `off`.
    static func environmentDisablesAutostart(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return !["0", "false", "no", "off"].contains(value.lowercased())
    }

    /// An absolute `$NAME`, else `$HOME/default`; `nil` when neither is usable.
    private static func xdgDirectory(_ name: String, default relative: String, environment: [String: String]) -> String? {
        if let value = environment[name], value.hasPrefix("/") { return value }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/" + relative
    }
}
