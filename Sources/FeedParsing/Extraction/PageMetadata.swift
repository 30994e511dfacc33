import Foundation

/// What a page says of itself in its `<head>` and structured data: title, author, site,
/// picture (Open Graph, Twitter cards, `<meta name>`), and JSON-LD's `headline` and
/// `articleBody`.
struct PageMetadata {
    var title: String?
    var byline: String?
    var siteName: String?
    var leadImage: String?
    /// The longest JSON-LD `articleBody` of the page.
    var articleBody: String?

    /// JSON-LD scripts longer than this are not decoded.
    static let maximumStructuredDataSize = 2 << 20

    init(tree: PageTree, baseURL: URL?) {
        var meta: [String: String] = [:]
        var documentTitle: String?
        var firstHeading: String?
        var structured: [String] = []
        // The tree's nodes are numbered in document order.
        for element in 0..<tree.count where tree.isElement(element) {
            switch tree.tag(element) {
            case .meta:
                let key = (tree.attribute(.property, of: element) ?? tree.attribute(.name, of: element)
                    ?? tree.attribute(.itemprop, of: element))?.lowercased()
                if let key, let content = tree.attribute(.content, of: element), meta[key] == nil { meta[key] = content }
            case .title:
                if documentTitle == nil { documentTitle = Self.text(of: element, in: tree) }
            case .h1:
                if firstHeading == nil { firstHeading = Self.text(of: element, in: tree) }
            case .script:
                if tree.attribute(.type, of: element)?.lowercased().hasPrefix("application/ld+json") == true {
                    let body = Self.rawText(of: element, in: tree)
                    if body.utf8.count <= Self.maximumStructuredDataSize { structured.append(body) }
                }
            default: break
            }
        }
        var headline: String?
        for script in structured {
            guard let data = script.data(using: .utf8),
                let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            else { continue }
            Self.visit(json, depth: 0) { object in
                if let body = object["articleBody"] as? String, body.count > (articleBody?.count ?? 0) { articleBody = body }
                if headline == nil, let text = object["headline"] as? String { headline = text }
            }
        }
        let clean = { (value: String?) -> String? in
            guard let value else { return nil }
            let text = TextSanitizer.clean(value, layout: .singleLine).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        title = clean(meta["og:title"]) ?? clean(meta["twitter:title"]) ?? clean(headline)
            ?? clean(documentTitle).map(Self.withoutSiteName) ?? clean(firstHeading)
        byline = clean(meta["author"]) ?? clean(meta["article:author"]).flatMap { $0.hasPrefix("http") ? nil : $0 }
        siteName = clean(meta["og:site_name"]) ?? clean(meta["application-name"])
        leadImage = (meta["og:image"] ?? meta["twitter:image"]).flatMap {
            LinkReferences.resolve($0, against: baseURL, schemes: ["http", "https"])
        }
        articleBody = articleBody.map { TextSanitizer.clean($0, layout: .multiline) }
    }

    /// `Title | Site` or `Title - Site` without the site, when what remains is a title of its own.
    static func withoutSiteName(_ title: String) -> String {
        let bytes = Array(title.utf8)
        for separator in [" | ", " - ", " — ", " – ", " :: ", " · "] {
            if let offset = TextBytes.lastOffset(of: Array(separator.utf8), in: bytes) {
                let head = String(decoding: bytes[..<offset], as: UTF8.self)
                if head.split(separator: " ").count >= 3 { return head }
            }
        }
        return title
    }

    /// JSON-LD objects, through `@graph` and nested arrays, at most 8 levels deep.
    private static func visit(_ value: Any, depth: Int, _ body: ([String: Any]) -> Void) {
        guard depth < 8 else { return }
        if let object = value as? [String: Any] {
            body(object)
            for key in ["@graph", "mainEntity", "mainEntityOfPage", "hasPart"] {
                if let nested = object[key] { visit(nested, depth: depth + 1, body) }
            }
        } else if let array = value as? [Any] {
            for element in array.prefix(64) { visit(element, depth: depth + 1, body) }
        }
    }

    private static func text(of node: Int, in tree: PageTree) -> String {
        var bytes: [UInt8] = []
        CleanArticleWriter.collectText(node, in: tree, into: &bytes)
        return TextBytes.collapsingWhitespace(bytes)
    }

    private static func rawText(of node: Int, in tree: PageTree) -> String {
        var bytes: [UInt8] = []
        var child = tree.firstChild(node)
        while child != PageTree.none {
            if tree.isText(child) { tree.withText(child) { bytes.append(contentsOf: $0) } }
            child = tree.next(child)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
