/// A count with its noun, "1 item", "3 items": the one way both the daemon (log lines,
/// `systemctl status`) and the client (messages) write a number of things.
public enum Counted {
    /// `count` followed by `singular` when it is 1, else by `plural` (by default `singular`
    /// with an "s": `phrase(2, "match", "matches")` needs the plural spelled out).
    public static func phrase<Count: BinaryInteger>(_ count: Count, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + noun(count, singular, plural)
    }

    /// `singular` when `count` is 1, else `plural` (by default `singular` with an "s"), for a
    /// noun written apart from its number ("3 of 5 items").
    public static func noun<Count: BinaryInteger>(_ count: Count, _ singular: String, _ plural: String? = nil) -> String {
        count == 1 ? singular : plural ?? singular + "s"
    }
}
