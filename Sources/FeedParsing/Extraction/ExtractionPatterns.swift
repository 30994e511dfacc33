/// The words in an element's `class` and `id` that say what it is, as readability-style
/// extractors read them (Readability.js's lists, with what trafilatura adds for share bars,
/// newsletters and cookie banners). Matched as substrings of the lowercased `class id` text.
enum ExtractionPatterns {
    /// Boilerplate: an element named so is dropped before scoring, unless a `maybe` word also
    /// names it (a `main-sidebar-content` wrapper).
    static let unlikely = WordList(
        "-ad-", "ai2html", "banner", "breadcrumb", "combx", "comment", "community", "cover-wrap", "disqus",
        "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
        "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
        "pagination", "pager", "popup", "yom-remote", "cookie", "consent", "newsletter", "subscribe",
        "share", "sharing", "signup", "paywall", "recommend", "outbrain", "taboola", "promo", "masthead",
        "navbar", "toolbar", "byline-share", "most-popular", "mostpopular", "trending")

    /// Words that keep an element the `unlikely` list names.
    static let maybe = WordList("and", "article", "body", "column", "content", "main", "mathjax", "shadow")

    /// Words of an article's container: +25 to its score.
    static let positive = WordList(
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog", "story",
        "prose", "rich-text", "richtext")

    /// Words of what surrounds it: -25.
    static let negative = WordList(
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media",
        "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "widget", "byline", "author", "caption-credit", "newsletter", "subscribe", "cookie")

    /// A byline or dateline: a short block of these is left out of the article's text.
    static let byline = WordList(
        "byline", "dateline", "author", "timestamp", "posted-on", "entry-meta", "post-meta", "article-meta",
        "article-date", "post-date")

    /// ARIA roles of page furniture.
    static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog", "banner", "contentinfo",
        "search",
    ]

    /// What an element's `class` and `id` say, every list matched once.
    struct Verdict: Sendable {
        var unlikely = false
        var maybe = false
        var byline = false
        /// `+25`, `-25`, `0`, or both summed, as Readability weighs a class and an id.
        var weight = 0

        /// Named as page furniture, and not also as content.
        var isFurniture: Bool { unlikely && !maybe }
    }

    static func verdict(_ classAndID: [UInt8]) -> Verdict {
        guard !classAndID.isEmpty else { return Verdict() }
        return Verdict(
            unlikely: unlikely.occurs(in: classAndID), maybe: maybe.occurs(in: classAndID),
            byline: byline.occurs(in: classAndID), weight: weight(classAndID))
    }

    private static func weight(_ classAndID: [UInt8]) -> Int {
        var weight = 0
        if negative.occurs(in: classAndID) { weight -= 25 }
        if positive.occurs(in: classAndID) { weight += 25 }
        return weight
    }
}

/// Words to look for inside a `class`/`id` text, grouped by their first byte, so one pass over
/// the text tries at each position only the words that start with its byte.
struct WordList: Sendable {
    private let byFirstByte: [[[UInt8]]]

    init(_ words: String...) {
        var table = [[[UInt8]]](repeating: [], count: 256)
        for word in words where !word.isEmpty {
            let bytes = Array(word.utf8)
            table[Int(bytes[0])].append(bytes)
        }
        byFirstByte = table
    }

    func occurs(in text: [UInt8]) -> Bool {
        let count = text.count
        var start = 0
        while start < count {
            for word in byFirstByte[Int(text[start])] where start + word.count <= count {
                var offset = 1
                while offset < word.count, text[start + offset] == word[offset] { offset += 1 }
                if offset == word.count { return true }
            }
            start += 1
        }
        return false
    }
}
