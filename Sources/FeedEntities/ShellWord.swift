/// A word written back for the user to paste into a POSIX shell (in suggestions such as
/// `did you mean --tag 'my news'?` and `write: tidings search -- -kde`).
public enum ShellWord {
    /// `word` as it is when the shell reads it unchanged (letters, digits and `-_./:=+@%,`),
    /// else in single quotes, a quote in it written `'\''`.
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy(isPlain)
        return plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
    }

    /// `word` with a backslash before every scalar but letters, digits and `-_./:=+@%,`:
    /// `Planet\ Terminal`, `\$\(date\)`. The shell reads it back as one word, unchanged, and
    /// expands nothing in it.
    public static func escaped(_ word: String) -> String {
        var escaped = ""
        for scalar in word.unicodeScalars {
            if !isPlain(scalar) { escaped += "\\" }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-_./:=+@%,".unicodeScalars.contains(scalar)
    }
}
