import Foundation

/// Which entries to list and in what order: miniflux's entry query (its filters, sort orders
/// and paging), which the Google Reader fake maps its streams onto too.
public struct FakeEntryQuery: Sendable {
    /// miniflux's `order` values.
    public enum Order: String, Sendable, CaseIterable {
        case id, status, title, author
        case publishedAt = "published_at"
        case createdAt = "created_at"
        case changedAt = "changed_at"
        case categoryTitle = "category_title"
        case categoryID = "category_id"
    }

    /// Any of these; empty: any status but `removed`.
    public var statuses: Set<FakeEntry.Status> = []
    public var feedID: Int?
    public var categoryID: Int?
    public var starred: Bool?
    /// Strict bounds, as miniflux's `published_before` (`<`) and `published_after` (`>`).
    public var publishedBefore: Date?
    public var publishedAfter: Date?
    public var changedBefore: Date?
    public var changedAfter: Date?
    public var beforeEntryID: Int?
    public var afterEntryID: Int?
    public var entryIDs: Set<Int>?
    /// A case-insensitive substring of the title or the content (miniflux uses full-text search).
    public var search: String?
    public var order: Order = .publishedAt
    public var descending = false
    public var offset = 0
    /// nil or 0: no limit.
    public var limit: Int?

    public init() {}

    /// Filters and sorts `state`'s entries; ties are broken by id, in the same direction.
    func run(on state: FakeSyncAccount.State) -> (total: Int, entries: [FakeEntry]) {
        let needle = search.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        var selected = state.entries.values.filter { entry in
            guard statuses.isEmpty ? entry.status != .removed : statuses.contains(entry.status) else { return false }
            if let feedID, entry.feedID != feedID { return false }
            if let categoryID, state.feeds[entry.feedID]?.categoryID != categoryID { return false }
            if let starred, entry.starred != starred { return false }
            if let publishedBefore, !(entry.publishedAt < publishedBefore) { return false }
            if let publishedAfter, !(entry.publishedAt > publishedAfter) { return false }
            if let changedBefore, !(entry.changedAt < changedBefore) { return false }
            if let changedAfter, !(entry.changedAt > changedAfter) { return false }
            if let beforeEntryID, !(entry.id < beforeEntryID) { return false }
            if let afterEntryID, !(entry.id > afterEntryID) { return false }
            if let entryIDs, !entryIDs.contains(entry.id) { return false }
            if let needle, !entry.title.lowercased().contains(needle), !entry.content.lowercased().contains(needle) {
                return false
            }
            return true
        }
        let total = selected.count
        selected.sort { comesFirst($0, $1, state: state) }
        if descending { selected.reverse() }
        let start = min(max(offset, 0), selected.count)
        let end = limit.flatMap { $0 > 0 ? min(start + $0, selected.count) : nil } ?? selected.count
        return (total, Array(selected[start..<end]))
    }

    /// Ascending order of the sort key, then of the id.
    private func comesFirst(_ a: FakeEntry, _ b: FakeEntry, state: FakeSyncAccount.State) -> Bool {
        if sameKey(a, b, state: state) { return a.id < b.id }
        switch order {
        case .id: return a.id < b.id
        case .status: return a.status.rawValue < b.status.rawValue
        case .title: return a.title < b.title
        case .author: return a.author < b.author
        case .publishedAt: return a.publishedAt < b.publishedAt
        case .createdAt: return a.createdAt < b.createdAt
        case .changedAt: return a.changedAt < b.changedAt
        case .categoryTitle: return categoryTitle(a, state) < categoryTitle(b, state)
        case .categoryID: return categoryID(a, state) < categoryID(b, state)
        }
    }

    private func sameKey(_ a: FakeEntry, _ b: FakeEntry, state: FakeSyncAccount.State) -> Bool {
        switch order {
        case .id: a.id == b.id
        case .status: a.status == b.status
        case .title: a.title == b.title
        case .author: a.author == b.author
        case .publishedAt: a.publishedAt == b.publishedAt
        case .createdAt: a.createdAt == b.createdAt
        case .changedAt: a.changedAt == b.changedAt
        case .categoryTitle: categoryTitle(a, state) == categoryTitle(b, state)
        case .categoryID: categoryID(a, state) == categoryID(b, state)
        }
    }

    private func categoryTitle(_ entry: FakeEntry, _ state: FakeSyncAccount.State) -> String {
        state.feeds[entry.feedID].flatMap { state.categories[$0.categoryID]?.title } ?? ""
    }

    private func categoryID(_ entry: FakeEntry, _ state: FakeSyncAccount.State) -> Int {
        state.feeds[entry.feedID]?.categoryID ?? 0
    }
}
