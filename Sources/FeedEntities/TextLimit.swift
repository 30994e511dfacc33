/// The bound on one piece of text from outside (a feed, an imported list, a client's request)
/// that Tidings keeps as a title, tag, author or URL.
///
/// Nothing else bounds such a field: a document can make one title as large as its entities
/// expand to, and a title of hundreds of megabytes makes every listing that includes it fail.
/// 4 KiB is far beyond any real title, name or URL (browsers and servers stop at a few KiB for
/// URLs), so the limit only ever meets hostile or broken input. The store applies it to every
/// write (`FeedStorage`'s `StoredText`); readers of subscription lists and the daemon use it
/// to refuse early with a clear reason.
public enum TextLimit {
    /// The most UTF-8 bytes kept of one title, tag, author or URL: 4 KiB.
    public static let maximumBytes = 4096

    /// What ends a shortened text.
    public static let ellipsis = "…"

    /// Whether `text` is within `maximumBytes` UTF-8 bytes.
    public static func fits(_ text: String, maximumBytes: Int = maximumBytes) -> Bool {
        text.utf8.count <= maximumBytes
    }

    /// `text` itself when it is within both limits; otherwise its longest prefix of whole
    /// characters (grapheme clusters, so no UTF-8 sequence and no accent is split) that leaves
    /// room for `…`, followed by `…`. The result is within both limits.
    ///
    /// Reads only as many characters as could be kept, plus one: a title of hundreds of
    /// megabytes costs what a title of 4 KiB does (one character may still be long: a base
    /// letter with a million combining marks is one character, read to its end).
    /// - Parameters:
    ///   - maximumBytes: UTF-8 bytes, at least 3 (the ellipsis).
    ///   - maximumCharacters: characters, at least 1.
    public static func shortened(
        _ text: String, maximumBytes: Int = maximumBytes, maximumCharacters: Int = .max
    ) -> String {
        precondition(maximumBytes >= ellipsis.utf8.count && maximumCharacters >= 1)
        // A character takes at least one byte, so a text within the byte limit is also within
        // any character limit at least as large.
        if text.utf8.count <= min(maximumBytes, maximumCharacters) { return text }
        var bytes = 0
        var characters = 0
        var kept = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            bytes += text.utf8.distance(from: index, to: next)
            characters += 1
            guard bytes <= maximumBytes, characters <= maximumCharacters else {
                return String(text[..<kept]) + ellipsis
            }
            if bytes + ellipsis.utf8.count <= maximumBytes, characters < maximumCharacters { kept = next }
            index = next
        }
        return text
    }

    /// `text` shortened to `maximumCharacters` with its C0 and C1 control characters left out:
    /// how a message quotes text from outside (a service's answer, a backup's feed address),
    /// which must neither run long nor carry a terminal escape.
    public static func quotable(_ text: String, maximumCharacters: Int = 80) -> String {
        let printable = text.unicodeScalars.lazy.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
        return shortened(String(String.UnicodeScalarView(printable)), maximumCharacters: maximumCharacters)
    }
}
