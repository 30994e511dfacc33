import FeedEntities
import Foundation

/// The rules for feed tags: what `tidings tag`, `subscribe --tag` and imports may store.
///
/// A tag is 1 to 64 characters after trimming, and at most `TextLimit.maximumBytes` bytes (a
/// character can be any number of combining marks), without commas (they separate tags in
/// tab-separated output and newsboat's `urls` files are word lists) or control characters
/// (U+001F joins tags in queries, and a NUL would cut the tag short in the database). Tags
/// compare case-insensitively; the first spelling stays.
public enum TagName {
    public static let maximumLength = 64

    /// The trimmed tags, each once (case-insensitively), in the given order.
    /// - Throws: `FeedStoreError.invalidTag` naming the first invalid one.
    public static func validated(_ tags: [String]) throws(FeedStoreError) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for raw in tags {
            let tag = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !tag.isEmpty, TextLimit.fits(tag), tag.count <= maximumLength, !tag.contains(","),
                  !StoredText.containsControlCharacter(tag)
            else { throw .invalidTag(raw) }
            if seen.insert(tag.lowercased()).inserted { result.append(tag) }
        }
        return result
    }

    /// `tags` in the order listings show them: case-insensitive alphabetical.
    public static func sorted(_ tags: [String]) -> [String] {
        tags.sorted { $0.lowercased() < $1.lowercased() }
    }
}
