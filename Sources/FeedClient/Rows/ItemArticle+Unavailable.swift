import FeedEntities

extension ItemArticle {
    /// Why the page's article cannot be shown: `the page gave no article: …` or `the page could
    /// not be fetched: …`; `nil` when it can.
    var unavailability: String? {
        switch status {
        case .extracted: nil
        case .noArticle: "the page gave no article: \(error ?? "none found")"
        case .failed: "the page could not be fetched: \(error ?? "failed")"
        }
    }
}
