/// Playing times for people, as podcast players show them: `45:12`, `1:02:03`.
enum PlayingTime {
    /// `seconds` as `M:SS` under an hour, else `H:MM:SS`; `nil` for 0 or less, which feeds
    /// write when they do not know the duration.
    static func text(_ seconds: Int64) -> String? {
        guard seconds > 0 else { return nil }
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        let mmss = (minutes < 10 && hours > 0 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
        return hours > 0 ? "\(hours):" + mmss : mmss
    }
}
