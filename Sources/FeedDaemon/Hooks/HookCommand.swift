/// One program the daemon runs after a refresh stored new items (`on_new_items` in the config).
///
/// An argv, never a command line: no shell sees it, and feed data reaches the program only as
/// the JSON document on its stdin (or, for the notification, as one argument).
public struct HookCommand: Sendable, Equatable {
    /// The program and its arguments. The program is an absolute path, or a name looked up on
    /// the daemon's `PATH` when the hook runs.
    public var arguments: [String]
    /// Seconds the hook may run; then its process group gets SIGTERM, and SIGKILL 2 s later.
    public var timeout: Int
    /// How the log names it, e.g. `on_new_items[0]`.
    public var name: String

    /// Seconds a hook may run when the config does not say.
    public static let defaultTimeout = 30

    public init(arguments: [String], timeout: Int = HookCommand.defaultTimeout, name: String) {
        self.arguments = arguments
        self.timeout = timeout
        self.name = name
    }
}

/// The `on_new_items` hooks and the ready-made notification (`notify`).
public struct NewItemsHooks: Sendable, Equatable {
    public var commands: [HookCommand] = []
    /// Whether a desktop notification (`notify-send`) sums up each refresh's new items.
    public var notify = false

    public init(commands: [HookCommand] = [], notify: Bool = false) {
        self.commands = commands
        self.notify = notify
    }

    /// Whether there is anything to run.
    public var isEmpty: Bool { commands.isEmpty && !notify }

    /// The commands as one line for a reload's report, e.g. `[/usr/bin/tee /tmp/x]`.
    var summary: String {
        "[" + commands.map { $0.arguments.joined(separator: " ") }.joined(separator: "; ") + "]"
    }
}
