// The help screen (`?`): every action with the keys bound to it and what it does.

/// Draws the help screen.
@MainActor
public protocol ReaderHelpView: AnyObject {
    /// Rows the list has room for at the screen's size now.
    var listRows: Int { get }
    /// Draws the rows from `top` on every row but the last.
    func show(_ rows: [ReaderHelpRow], top: Int)
}

/// One action of the help screen. Strings are unsanitised.
public struct ReaderHelpRow: Equatable, Sendable {
    /// `j, DOWN`: the keys, as the config file's `keys:` names them; `(unbound)` for none.
    public var keys: String
    /// `down`: the action's name in `keys:`.
    public var action: String
    public var summary: String

    public init(keys: String, action: String, summary: String) {
        self.keys = keys
        self.action = action
        self.summary = summary
    }
}

/// The key bindings in force.
@MainActor
public protocol ReaderHelpUseCase: AnyObject {
    /// Every action with its keys, in the order the help lists them.
    func rows() -> [ReaderHelpRow]
}
