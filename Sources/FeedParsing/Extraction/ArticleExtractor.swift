import Foundation

/// Finds a web page's article and keeps it as clean HTML and text, dropping navigation, share
/// bars, comments, related-article blocks, cookie banners, ads and scripts.
///
/// The algorithm (docs/extraction.md):
/// 1. libxml2's HTML parser reads the page (no network, nothing loaded; start tags with
///    hundreds of attributes cut, `HTMLTagScanner`), from at most `maximumInputSize` bytes, into
///    a compact tree of the extractor's own, 256 levels at most (`PageTreeBuilder`).
/// 2. One walk counts each element's text, link text, commas, paragraphs, images, list items
///    and inputs (`NodeStatistics`).
/// 3. Readability's scoring picks the article's element and its siblings (`CandidateScorer`),
///    the page's hints (`<article>`, `<main>`, `itemprop="articleBody"`, `class` names) helping.
/// 4. The choice is written out cleaned (`CleanArticleWriter`, `ConditionalCleaning`).
/// 5. When that leaves less than `minimumText` characters, steps 3–4 run again without leaving
///    out what `class` names call furniture, and the longer result wins; when the page's JSON-LD
///    `articleBody` holds twice as much text as either, it is the article.
///
/// Every step is linear in the page's size, so a hostile page costs what its bytes cost.
/// Safe to call from several threads at once.
public struct ArticleExtractor: Sendable {
    public let maximumInputSize: Int
    public let maximumOutputSize: Int
    /// Characters of text below which the first result is tried again less strictly.
    public let minimumText: Int
    /// The share of the chosen text inside links past which it is no article.
    static let mostLinkText = 0.8

    public init(maximumInputSize: Int = 8 << 20, maximumOutputSize: Int = 2 << 20, minimumText: Int = 250) {
        self.maximumInputSize = max(0, maximumInputSize)
        self.maximumOutputSize = max(1, maximumOutputSize)
        self.minimumText = minimumText
    }

    /// Extracts the article of `page`, resolving links and images against `url` (the page's
    /// address); `charset` is the one the HTTP response named, which wins over the page's own.
    public func extract(_ page: Data, url: String? = nil, charset: String? = nil) -> ExtractedArticle {
        page.withUnsafeBytes { extract($0, url: url, charset: charset) }
    }

    public func extract(_ page: UnsafeRawBufferPointer, url: String? = nil, charset: String? = nil) -> ExtractedArticle {
        let cut = page.count > maximumInputSize
        let input = UnsafeRawBufferPointer(rebasing: page[..<min(page.count, maximumInputSize)])
        let baseURL = url.flatMap { URL(string: $0) }
        let encoding = charset.flatMap(Self.knownEncoding)
        var (tree, complete) = PageTreeBuilder.parse(input, encoding: encoding)
        if tree == nil, encoding != nil {
            // A charset libxml2 does not know leaves no tree: the page's own <meta> may still tell.
            (tree, complete) = PageTreeBuilder.parse(input, encoding: nil)
        }
        guard let tree, let root = tree.root else { return Self.nothing(truncated: cut || !complete) }
        var article = extract(tree, root: root, baseURL: baseURL)
        article.isTruncated = article.isTruncated || cut || !complete
        return article
    }

    private func extract(_ tree: PageTree, root: Int, baseURL: URL?) -> ExtractedArticle {
        let metadata = PageMetadata(tree: tree, baseURL: baseURL)
        let body = tree.elementChildren(root).first { tree.tag($0) == .body } ?? root
        let statistics = NodeStatistics(tree: tree, root: body)
        var best: CleanArticleWriter?
        for strict in [true, false] {
            var scorer = CandidateScorer(statistics: statistics, stripsUnlikely: strict)
            var nodes = scorer.select(in: body)
            // Text that is nearly all links is a page of links (an index, a sitemap), not an
            // article, however the scoring ranked it.
            let chosen = nodes.reduce(into: (text: 0, links: 0)) { sums, node in
                sums.text += statistics[node].text
                sums.links += statistics[node].linkText
            }
            if chosen.text > 0, Double(chosen.links) > Self.mostLinkText * Double(chosen.text) { nodes = [] }
            var writer = CleanArticleWriter(
                statistics: statistics, baseURL: baseURL, title: metadata.title, capacity: maximumOutputSize,
                cleaning: ConditionalCleaning(statistics: statistics, isEnabled: strict))
            writer.write(nodes)
            if best == nil || writer.text.count > best!.text.count { best = writer }
            if writer.text.count >= minimumText { break }
        }
        var article = ExtractedArticle(
            title: metadata.title, byline: metadata.byline, siteName: metadata.siteName, leadImage: metadata.leadImage,
            html: (best?.html ?? []).withUnsafeBufferPointer { TextSanitizer.clean(utf8: $0, layout: .multiline) },
            // C1 controls and bidi overrides go too (the writer drops only C0 ones).
            text: Self.trimmed(best?.text ?? []).withUnsafeBufferPointer { TextSanitizer.clean(utf8: $0, layout: .multiline) },
            images: best?.images ?? [], method: .scored, isTruncated: best?.isTruncated ?? false)
        if let body = metadata.articleBody, body.count > 2 * max(article.text.count, minimumText / 2) {
            article.text = body.trimmingCharacters(in: .whitespacesAndNewlines)
            article.html = Self.paragraphs(of: article.text)
            article.images = []
            article.method = .structuredData
        }
        if article.text.isEmpty { article.method = .none }
        return article
    }

    /// `bytes` without the ASCII whitespace at either end.
    static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return bytes[first...last]
    }

    /// Plain text as HTML paragraphs, a paragraph per line.
    static func paragraphs(of text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { line in
            "<p>\(CleanArticleWriter.escaped(line.trimmingCharacters(in: .whitespaces)))</p>"
        }.joined()
    }

    /// The name libxml2 should read the page as, for a charset it knows and that is
    /// ASCII-compatible (as `HTMLDocument` requires); `nil` lets the page's `<meta>` decide.
    static func knownEncoding(_ charset: String) -> String? {
        let name = charset.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty, !name.hasPrefix("utf-16"), !name.hasPrefix("utf-32"), name.count < 40,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return name
    }

    private static func nothing(truncated: Bool) -> ExtractedArticle {
        ExtractedArticle(
            title: nil, byline: nil, siteName: nil, leadImage: nil, html: "", text: "", images: [], method: .none,
            isTruncated: truncated)
    }
}
