/// A `keys:` binding the reader cannot use, naming the action or key at fault.
public enum KeyBindingError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownAction(String)
    case unknownKey(String)
    /// Ctrl-C and Ctrl-Z end and suspend the reader (they are signals, not keys).
    case unbindable(String)
    /// One key given to two actions in the same file; the action names are sorted.
    case boundTwice(key: String, actions: [String])

    public var description: String {
        switch self {
        case .unknownAction(let name):
            "unknown action `\(name)`"
        case .unknownKey(let name):
            "unknown key name `\(name)` (one character, ^X, F1…F12 or one of ENTER ESC SPACE TAB BACKSPACE DEL UP DOWN LEFT RIGHT PPAGE NPAGE HOME END)"
        case .unbindable(let name):
            "key `\(name)` cannot be bound: Ctrl-C ends the reader and Ctrl-Z suspends it"
        case .boundTwice(let key, let actions):
            "key `\(key)` bound to two actions in the same file: \(actions.joined(separator: " and "))"
        }
    }
}
