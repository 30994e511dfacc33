/// `tidingsd extract --json`'s lines (docs/extraction.md), written as bytes with the parse
/// contract's JSON writer: Foundation's `JSONEncoder` cost a tenth of an extraction
/// (bench/RESULTS.md, "Article extraction"). Keys come in a fixed order; a field without a
/// value is left out.
extension ExtractedArticle {
    /// The article of page `file` as one JSON object, without a line break.
    public func json(file: String) -> [UInt8] {
        var writer = ContractWriter()
        writer.raw("{\"file\":")
        writer.string(file)
        for (key, value) in [("title", title), ("byline", byline), ("siteName", siteName), ("leadImage", leadImage)] {
            guard let value else { continue }
            writer.raw(",\"\(key)\":")
            writer.string(value)
        }
        writer.member(",\"method\":", method.rawValue)
        writer.raw(isTruncated ? ",\"truncated\":true,\"images\":[" : ",\"truncated\":false,\"images\":[")
        for (index, image) in images.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(image)
        }
        writer.member("],\"html\":", html)
        writer.member(",\"text\":", text)
        writer.raw("}")
        return writer.output
    }

    /// The line for page `file` that could not be read.
    public static func json(file: String, error: String) -> [UInt8] {
        var writer = ContractWriter()
        writer.member("{\"file\":", file)
        writer.member(",\"error\":", error)
        writer.raw("}")
        return writer.output
    }
}
