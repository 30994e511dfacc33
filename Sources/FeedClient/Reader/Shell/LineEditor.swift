/// The text of a prompt on the bottom line and the keys that edit it, alike in every prompt:
/// characters (bound keys too: a prompt takes them as text), Backspace, Ctrl-U (the whole
/// line), Ctrl-W (the word before the cursor).
public struct LineEditor: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The text changed or the key was ignored: draw the line again.
        case editing
        /// Enter.
        case submitted
        /// Esc, Ctrl-C or Ctrl-G.
        case cancelled
    }

    public private(set) var text: String

    public init(text: String = "") {
        self.text = text
    }

    public mutating func handle(_ key: KeyPress) -> Outcome {
        switch key {
        case .character(let character):
            text.append(character)
        case .paste(let pasted):
            text += pasted
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case .control("u"):
            text = ""
        case .control("w"):
            while text.last?.isWhitespace == true { text.removeLast() }
            while let last = text.last, !last.isWhitespace { text.removeLast() }
        case .enter:
            return .submitted
        case .escape, .control("c"), .control("g"):
            return .cancelled
        default:
            break
        }
        return .editing
    }
}
