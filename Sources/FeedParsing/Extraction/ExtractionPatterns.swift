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
        let found = all.lists(in: classAndID)
        var weight = 0
        if found & Self.negativeBit != 0 { weight -= 25 }
        if found & Self.positiveBit != 0 { weight += 25 }
        return Verdict(
            unlikely: found & Self.unlikelyBit != 0, maybe: found & Self.maybeBit != 0, byline: found & Self.bylineBit != 0,
            weight: weight)
    }

    private static let unlikelyBit: UInt8 = 1, maybeBit: UInt8 = 2, bylineBit: UInt8 = 4, positiveBit: UInt8 = 8
    private static let negativeBit: UInt8 = 16

    /// The five lists in one, so that one pass over a `class id` text finds them all.
    private static let all = WordList(merging: [
        (unlikely, unlikelyBit), (maybe, maybeBit), (byline, bylineBit), (positive, positiveBit), (negative, negativeBit),
    ])
}

/// Words to look for inside a `class`/`id` text, each with the bit of the list it is on: the
/// words sit in one byte array, and an index by first byte gives, at each position of the
/// text, only the words that start with its byte.
struct WordList: Sendable {
    fileprivate let words: [[UInt8]]
    private let bytes: [UInt8]
    /// Per word: where it starts in `bytes`, its length and its list's bit, by first byte.
    private let entries: [(start: Int32, count: Int32, bit: UInt8)]
    /// `entries[firsts[b]..<firsts[b + 1]]` are the words that start with byte `b`.
    private let firsts: [Int32]
    /// One bit per pair of bytes that starts a word: most positions of a text start none, and
    /// are passed after one look.
    private let pairs: [UInt64]

    init(_ words: String...) {
        self.init(words: words.filter { !$0.isEmpty }.map { (Array($0.utf8), UInt8(1)) })
    }

    init(merging lists: [(WordList, UInt8)]) {
        self.init(words: lists.flatMap { list, bit in list.words.map { ($0, bit) } })
    }

    private init(words tagged: [([UInt8], UInt8)]) {
        words = tagged.map(\.0)
        let sorted = tagged.sorted { $0.0[0] < $1.0[0] }
        var bytes: [UInt8] = []
        var entries: [(start: Int32, count: Int32, bit: UInt8)] = []
        var firsts = [Int32](repeating: 0, count: 257)
        var pairs = [UInt64](repeating: 0, count: 1024)
        for (word, bit) in sorted {
            precondition(word.count >= 2, "pair filter: words of two bytes or more")
            entries.append((Int32(bytes.count), Int32(word.count), bit))
            bytes.append(contentsOf: word)
            firsts[Int(word[0]) + 1] += 1
            let pair = Int(word[0]) << 8 | Int(word[1])
            pairs[pair >> 6] |= 1 << UInt64(pair & 63)
        }
        self.pairs = pairs
        for index in 1..<firsts.count { firsts[index] += firsts[index - 1] }
        self.bytes = bytes
        self.entries = entries
        self.firsts = firsts
    }

    /// The bits of the lists with a word in `text`.
    func lists(in text: [UInt8]) -> UInt8 {
        var found: UInt8 = 0
        let count = text.count
        guard count >= 2 else { return 0 }
        text.withUnsafeBufferPointer { text in
            bytes.withUnsafeBufferPointer { words in
                pairs.withUnsafeBufferPointer { pairs in
                    for start in 0..<(count - 1) {
                        let first = Int(text[start])
                        let pair = first << 8 | Int(text[start + 1])
                        guard pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 else { continue }
                        var entry = Int(firsts[first])
                        let end = Int(firsts[first + 1])
                        while entry < end {
                            let (wordStart, length, bit) = entries[entry]
                            entry += 1
                            guard found & bit == 0, start + Int(length) <= count else { continue }
                            var offset = 1
                            while offset < Int(length), text[start + offset] == words[Int(wordStart) + offset] { offset += 1 }
                            if offset == Int(length) { found |= bit }
                        }
                    }
                }
            }
        }
        return found
    }
}
