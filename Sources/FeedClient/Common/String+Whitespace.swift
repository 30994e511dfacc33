extension StringProtocol {
    /// Without leading and trailing white space (FoundationEssentials has no `trimmingCharacters`).
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
