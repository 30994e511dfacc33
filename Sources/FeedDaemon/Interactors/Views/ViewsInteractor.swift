import FeedEntities
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation

/// Saved views: the config file's (`views:`, read at each use, so a reload changes them) and
/// the stored ones (`tidings view add`); their counts, and what listing and marking a view read
/// ask of the store. A config view takes its name from a stored one of the same name, which
/// stays in the database, unlisted, until the config lets it go.
public struct ViewsInteractor: Sendable {
    let store: any SavedViewStore
    let configured: @Sendable () -> [SavedView]
    let indexer: SearchIndexer
    /// How long one view may be counted.
    let countBudget: Duration

    /// - Parameters:
    ///   - configured: the views of the configuration the daemon runs with now.
    ///   - countBudget: how long one view may be counted (`views(counts:)`).
    public init(
        store: any SavedViewStore, configured: @escaping @Sendable () -> [SavedView], indexer: SearchIndexer,
        countBudget: Duration = .seconds(1)
    ) {
        self.store = store
        self.configured = configured
        self.indexer = indexer
        self.countBudget = countBudget
    }

    /// Every view: the config file's in its order, then the stored ones in the order they were
    /// added; with `counts`, each counted now (the search index brought up to date first when
    /// a view asks it). A stored view whose query no longer reads is listed without counts, and
    /// so is one whose count takes longer than `countBudget`: a count reads every item the view
    /// selects, which for a query on the items' text (`title:`, `has:enclosure`) at a million
    /// items is the whole database, seconds of reading at every reload of the reader's list.
    public func views(counts: Bool) async throws -> [SavedView] {
        let fromConfig = configured()
        let taken = Set(fromConfig.map { SavedView.key(of: $0.name) })
        var views = fromConfig + (try await store.savedViews()).filter { !taken.contains(SavedView.key(of: $0.name)) }
        guard counts else { return views }
        let filters = views.enumerated().compactMap { index, view in (try? ItemFilter(parsing: view.query)).map { (index, $0) } }
        if filters.contains(where: { $0.1.usesSearchIndex }) { try await indexer.catchUp() }
        let now = Date()
        for (index, filter) in filters {
            views[index].counts = try await counted(filter, now: now)
        }
        return views
    }

    /// The view's counts, or `nil` when counting it takes longer than `countBudget` (the
    /// count's statement is then interrupted: a cancelled read stops its SQLite statement).
    private func counted(_ filter: ItemFilter, now: Date) async throws -> SavedView.Counts? {
        let (store, budget) = (self.store, countBudget)
        return try await withThrowingTaskGroup(of: SavedView.Counts?.self) { group in
            group.addTask { try await store.counts(of: [filter], now: now).first }
            group.addTask {
                try await Task.sleep(for: budget)
                return nil
            }
            defer { group.cancelAll() }
            do {
                return try await group.next() ?? nil
            } catch is CancellationError {
                return nil
            }
        }
    }

    /// Stores a view, its name and query checked first.
    /// - Throws: `ViewError.invalidQuery`, `.configured` for a name the config file gives a
    ///   view; `FeedStoreError.invalidViewName`, `.viewExists` (without `replace`).
    public func add(name: String, query: String, replace: Bool) async throws -> RPC.AddView.Result {
        if let problem = SavedView.problem(withName: name) { throw FeedStoreError.invalidViewName(name, problem) }
        do {
            _ = try ItemFilter(parsing: query)
        } catch {
            throw ViewError.invalidQuery(name: nil, error)
        }
        if let view = configured().named(name) {
            throw ViewError.configured(view.name)
        }
        let (view, replaced) = try await store.saveView(name: name, query: query, replacing: replace)
        return RPC.AddView.Result(view: view, replaced: replaced)
    }

    /// Deletes a stored view.
    /// - Throws: `ViewError.configured` for a view of the config file, `.noSuchView`.
    public func remove(name: String) async throws -> SavedView {
        if let view = configured().named(name) {
            throw ViewError.configured(view.name)
        }
        guard let removed = try await store.removeView(name: name) else {
            throw ViewError.noSuchView(name, known: try await views(counts: false).map(\.name))
        }
        return removed
    }

    /// The view of this name (without case) and its query read, the search index brought up
    /// to date when the query asks it.
    /// - Throws: `ViewError.noSuchView`, `.invalidQuery` (a stored query this version no
    ///   longer reads).
    public func view(named name: String) async throws -> (view: SavedView, filter: ItemFilter) {
        let all = try await views(counts: false)
        guard let view = all.named(name) else {
            throw ViewError.noSuchView(name, known: all.map(\.name))
        }
        let filter: ItemFilter
        do {
            filter = try ItemFilter(parsing: view.query)
        } catch {
            throw ViewError.invalidQuery(name: view.name, error)
        }
        if filter.usesSearchIndex { try await indexer.catchUp() }
        return (view, filter)
    }

    /// Stores the views of an imported list (a newsboat urls file's query feeds). A view whose
    /// name another has already (without case) is left as it is: reported as there when its
    /// query selects the same, skipped with the reason when not.
    /// - Returns: the views added, those already there, and those skipped.
    public func importViews(_ views: [SubscriptionList.View]) async throws -> (added: [SavedView], existing: [SavedView], skipped: [ImportSkip]) {
        var known = try await self.views(counts: false)
        var added: [SavedView] = [], existing: [SavedView] = [], skipped: [ImportSkip] = []
        for view in views {
            if let there = known.named(view.name) {
                if (try? ItemFilter(parsing: there.query)) == (try? ItemFilter(parsing: view.query)) {
                    existing.append(there)
                } else {
                    let place = there.origin == .config ? "is in the config file" : "exists already"
                    skipped.append(ImportSkip(
                        entry: view.name, location: view.location,
                        reason: "a view of this name \(place), with another query ('\(there.query)'); this one would be '\(view.query)'"))
                }
                continue
            }
            do {
                let stored = try await store.saveView(name: view.name, query: view.query, replacing: false).view
                added.append(stored)
                known.append(stored)
            } catch let error as FeedStoreError {
                // A name the store refuses, or the most views kept: that line is left out.
                skipped.append(ImportSkip(entry: view.name, location: view.location, reason: error.description))
            }
        }
        return (added, existing, skipped)
    }

    /// Marks read (or unread) every item the view lists, and their copies in other feeds.
    public func markRead(view name: String, read: Bool) async throws -> ItemStateChange {
        let (view, filter) = try await view(named: name)
        return ItemStateChange(updated: try await store.markRead(matching: filter, read: read, now: Date()), view: view)
    }
}

/// Why a view cannot be listed, added or removed.
public enum ViewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No view has the name; the names there are.
    case noSuchView(String, known: [String])
    /// The view's query does not read: a stored view's (named), or one being added.
    case invalidQuery(name: String?, ItemFilterError)
    /// The config file defines the view: only an edit of the file changes it.
    case configured(String)

    public var description: String {
        switch self {
        case .noSuchView(let name, let known):
            // One line: the first ten names, then how many more.
            let shown = known.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
            let more = known.count > 10 ? " and \(known.count - 10) more ('tidings view' lists them)" : ""
            let names = known.isEmpty ? "there are none (tidings view add NAME QUERY makes one)" : "the views are " + shown + more
            return "no view named '\(name)': \(names)"
        case .invalidQuery(let name?, let error): return "the query of the view '\(name)': \(error)"
        case .invalidQuery(nil, let error): return "\(error)"
        case .configured(let name): return "the view '\(name)' is defined in the config file (views:): edit it there, then reload"
        }
    }
}
