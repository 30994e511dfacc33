/// One key the user pressed, decoded from the terminal's input (escape sequences included).
public enum KeyPress: Hashable, Sendable {
    /// A printable character, `" "` included.
    case character(Character)
    /// Ctrl with a letter, lower case: `.control("l")` is Ctrl-L. Ctrl-C and Ctrl-Z are signals
    /// (`TerminalEvent.terminate`, `.suspend`), not keys.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    /// F1…F12.
    case function(Int)
    /// Text pasted into the terminal (bracketed paste), line breaks as spaces: a prompt takes
    /// it as typed text, every other screen ignores it (so that pasting never runs keys).
    case paste(String)
}
