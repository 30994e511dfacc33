/// A page's main content, as `ArticleExtractor` found it.
public struct ExtractedArticle: Sendable, Equatable {
    /// How the content was found.
    public enum Method: String, Sendable {
        /// By scoring the page's blocks (its `<article>`, `<main>` and `class` names helping).
        case scored
        /// From the page's structured data (JSON-LD `articleBody`), which held more than the
        /// markup showed (pages that fill their article in with scripts).
        case structuredData = "structured-data"
        /// Nothing that reads like an article: `html` and `text` are empty.
        case none
    }

    /// The article's title: Open Graph, else `<title>` without the site's name, else `<h1>`.
    public var title: String?
    public var byline: String?
    public var siteName: String?
    /// The page's own picture of the article (`og:image`), absolute.
    public var leadImage: String?
    /// Clean HTML: paragraphs, headings, lists, quotes, code, tables, figures, links absolute.
    public var html: String
    /// The same as plain text, blocks apart by blank lines.
    public var text: String
    /// The `http`/`https` images of `html`, in order.
    public var images: [String]
    public var method: Method
    /// Whether the page or the article was larger than the extractor reads or writes.
    public var isTruncated: Bool
}
