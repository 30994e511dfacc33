#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

extension ItemQuery {
    /// The query with the terms of its `filter` that the listing's own filters say taken into
    /// them: an `is:unread`, `is:starred` or `tag:` that must hold (a term of the filter's
    /// top-level AND) is `unreadOnly`, `starredOnly` or `tag`, and `newer:` is `since`. The items
    /// are the same; the listing then takes the paths those filters have (the starred items'
    /// index, a tag's feeds one by one, the unread counters), where a term inside the filter
    /// would be tested row by row. A filter left with no term goes.
    func liftingFilterTerms() -> ItemQuery {
        guard let filter else { return self }
        var lifted = self
        var kept: [ItemFilter] = []
        let terms: [ItemFilter]
        if case .all(let all) = filter { terms = all } else { terms = [filter] }
        let now = filterTime ?? Date()
        for term in terms {
            switch term {
            case .state(.unread):
                lifted.unreadOnly = true
            case .state(.starred):
                lifted.starredOnly = true
            case .tag(let name) where lifted.tag == nil || lifted.tag?.lowercased() == name.lowercased():
                lifted.tag = name
            case .newer(let seconds):
                let moment = now.addingTimeInterval(-Double(seconds))
                lifted.since = max(lifted.since ?? moment, moment)
            default:
                kept.append(term)
            }
        }
        lifted.filter = kept.isEmpty ? nil : kept.count == 1 ? kept[0] : .all(kept)
        // The moment `newer:` was counted from stays the one the rest is counted from.
        lifted.filterTime = now
        return lifted
    }
}
