import FeedEntities

extension StringProtocol {
    /// The text without leading and trailing whitespace (and any of `extra`).
    func trimmingWhitespace(also extra: Set<Character> = []) -> Substring {
        Substring(trimming { $0.isWhitespace || extra.contains($0) })
    }
}
