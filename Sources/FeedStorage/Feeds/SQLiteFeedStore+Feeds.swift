import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    // MARK: - Writing feeds

    /// See `FeedStore.addFeed`. The feed's title is the document's title as text (see
    /// `htmlToText`), else `url`; its
    /// subscription, last refresh and last attempt are all `check.at`. Text goes through
    /// `StoredText`.
    public func addFeed(
        url: String, document: ParsedFeed, check: FeedCheck, tags: [String], customTitle: String?, settings: FeedSettings,
        rules: RuleSet
    ) async throws -> (feed: Feed, itemCount: Int) {
        let url = try StoredText.feedURL(url)
        let tags = try TagName.validated(tags)
        let customTitle = try StoredText.ownTitle(customTitle)
        let items = PreparedItem.prepare(document.items, htmlToText: htmlToText, compressor: compressor)
        return try await write("subscribe to \(url)") { db in
            let known = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, removed_at IS NOT NULL FROM feed WHERE url = ?"), arguments: [url])
            if let known, !(known[1] as Bool) { throw FeedStoreError.alreadySubscribed(feedID: known[0]) }

            let title = storedTitle(of: document)
            let siteLink = StoredText.link(document.link)
            let at = check.at.timeIntervalSince1970
            let id: Int64
            if let known {
                // Subscribed to again: the kept starred items are its items again.
                id = known[0]
                try Self.revive(feedID: id, at: check.at, customTitle: customTitle, listTitle: nil, db)
                try db.cachedStatement(sql: """
                    UPDATE feed SET title = COALESCE(?2, title), site_link = ?3, subtitle = ?4 WHERE id = ?1
                    """).execute(arguments: [id, title, siteLink, StoredText.title(document.subtitle)])
            } else {
                try db.cachedStatement(sql: """
                    INSERT INTO feed (url, title, site_link, subtitle, subscribed_at, last_refreshed, last_attempt, custom_title)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute(arguments: [url, title ?? url, siteLink, StoredText.title(document.subtitle), at, at, at, customTitle])
                id = db.lastInsertedRowID
            }
            try Self.insertTags(tags, feedID: id, db)
            try Self.storeSettings(settings, feedID: id, db)
            try Self.recordDocument(feedID: id, check: check, db)
            let stored = try ItemWriter(db: db, feedID: id, firstSeen: at, rules: rules).store(items)
            guard let feed = try Self.fetchFeed(id: id, db) else { throw FeedStoreError.feedNotFound(id) }
            return (feed, stored)
        }
    }

    /// See `FeedStore.storedTitle(of:)`: the text (`htmlToText` for an HTML title), through
    /// `StoredText`.
    public func storedTitle(of document: ParsedFeed) -> String? {
        StoredText.title(document.titleText(htmlToText: htmlToText))
    }

    /// See `FeedStore.storeRefresh`. The title, site link and subtitle are replaced only by
    /// values the document has, so a feed that briefly drops its `<title>` keeps its name.
    /// The items are prepared (`PreparedItem`) by the caller's task before the write queues up.
    public func storeRefresh(feedID: Int64, document: ParsedFeed, check: FeedCheck, rules: RuleSet) async throws -> Int {
        let items = PreparedItem.prepare(document.items, htmlToText: htmlToText, compressor: compressor)
        let title = storedTitle(of: document)
        let feed: StatementArguments = [feedID, title, StoredText.link(document.link), StoredText.title(document.subtitle)]
        return try await writeGrouped("store the refresh of feed \(feedID)") { db in
            // Updating the feed first both records the refresh and proves the feed still exists,
            // before any item insert could trip the foreign key.
            try db.cachedStatement(sql: """
                UPDATE feed
                SET title = COALESCE(?2, title), site_link = COALESCE(?3, site_link),
                    subtitle = COALESCE(?4, subtitle)
                WHERE id = ?1 AND removed_at IS NULL
                """).execute(arguments: feed)
            guard db.changesCount > 0 else { throw FeedStoreError.feedNotFound(feedID) }
            if let title { try Self.settleListTitle(feedID: feedID, documentTitle: title, db) }
            try Self.recordDocument(feedID: feedID, check: check, db)
            return try ItemWriter(db: db, feedID: feedID, firstSeen: check.at.timeIntervalSince1970, rules: rules).store(items)
        }
    }

    /// See `FeedStore.recordNotModified`.
    public func recordNotModified(feedID: Int64, check: FeedCheck) async throws {
        try await write("record that feed \(feedID) is unchanged") { db in
            try Self.recordSuccess(feedID: feedID, check: check, db)
        }
    }

    /// See `FeedStore.recordFailure`. When the feed was removed meanwhile there is nothing to
    /// record, and this returns without error: the refresh that failed no longer matters. The
    /// validators are kept: the document they describe is still the one stored.
    public func recordFailure(feedID: Int64, error: String, check: FeedCheck) async throws {
        try await write("record the failed refresh of feed \(feedID)") { db in
            try Self.recordFailure(feedID: feedID, error: error, check: check, keepingValidators: true, db)
        }
    }

    /// One more failure in a row; without `keepingValidators` the validators are forgotten.
    private static func recordFailure(
        feedID: Int64, error: String, check: FeedCheck, keepingValidators: Bool, _ db: Database
    ) throws {
        try db.cachedStatement(sql: """
            UPDATE feed
            SET last_attempt = ?2, last_error = ?3, http_status = ?4, failures = COALESCE(?8, failures + 1),
                moved_to = ?5, next_check = ?6,
                etag = CASE WHEN ?7 THEN etag END, last_modified = CASE WHEN ?7 THEN last_modified END
            WHERE id = ?1 AND removed_at IS NULL
            """).execute(arguments: [
                feedID, check.at.timeIntervalSince1970, StoredText.title(error), check.httpStatus,
                StoredText.link(check.movedTo), check.nextCheck?.timeIntervalSince1970, keepingValidators, check.failures,
            ])
    }

    /// See `FeedStore.retireFeed`.
    public func retireFeed(feedID: Int64, check: FeedCheck) async throws {
        try await write("retire feed \(feedID)") { db in
            try db.cachedStatement(sql: """
                UPDATE feed
                SET last_attempt = ?2, last_error = 'HTTP 410 Gone', http_status = 410,
                    gone_since = COALESCE(gone_since, ?2), moved_to = NULL, next_check = NULL
                WHERE id = ?1 AND removed_at IS NULL
                """).execute(arguments: [feedID, check.at.timeIntervalSince1970])
        }
    }

    /// See `FeedStore.bringNextCheckForward`.
    public func bringNextCheckForward(feedID: Int64, to date: Date) async throws {
        try await write("reschedule feed \(feedID)") { db in
            try db.cachedStatement(sql: """
                UPDATE feed SET next_check = ?2 WHERE id = ?1 AND removed_at IS NULL AND next_check > ?2
                """).execute(arguments: [feedID, date.timeIntervalSince1970])
        }
    }

    /// See `FeedStore.moveFeed`. A URL the store cannot keep whole (`StoredText.feedURL`) is
    /// not moved to either. A feed unsubscribed from at that URL does not stand in the way: its
    /// kept items join the moving feed (starring its copy of an article both have).
    public func moveFeed(id: Int64, to url: String) async throws -> Bool {
        guard let url = try? StoredText.feedURL(url) else { return false }
        return try await write("move feed \(id) to \(TextLimit.shortened(url, maximumCharacters: 200))") { db in
            // A feed unsubscribed from meanwhile (a refresh saw the redirect) moves nowhere.
            guard try Bool.fetchOne(db, sql: "SELECT removed_at IS NULL FROM feed WHERE id = ?", arguments: [id]) == true
            else { return false }
            let taken = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, removed_at IS NOT NULL FROM feed WHERE url = ? AND id != ?"),
                arguments: [url, id])
            if let taken {
                guard taken[1] as Bool else { return false }
                try Self.merge(removedFeed: taken[0], into: id, db)
            }
            try db.cachedStatement(sql: "UPDATE feed SET url = ?, moved_to = NULL WHERE id = ? AND removed_at IS NULL")
                .execute(arguments: [url, id])
            return db.changesCount > 0
        }
    }

    /// Gives the kept items of a feed unsubscribed from to another feed and deletes the first:
    /// an item whose key the other feed has already is deleted, and the other feed's item (with
    /// its copies) starred in its place when it was starred.
    private static func merge(removedFeed: Int64, into feedID: Int64, _ db: Database) throws {
        try shareState(.starred, true, roots: """
            SELECT COALESCE(duplicate_of, id) FROM item
            WHERE feed_id = \(feedID) AND key IN (SELECT key FROM item WHERE feed_id = \(removedFeed) AND is_starred = 1)
            """, db)
        let doomed = try Set(Int64.fetchAll(db, sql: """
            SELECT id FROM item WHERE feed_id = ?1 AND key IN (SELECT key FROM item WHERE feed_id = ?2)
            """, arguments: [removedFeed, feedID]))
        try handOverCopies(inFeed: removedFeed, deleting: doomed.contains, db)
        try db.execute(sql: "DELETE FROM item WHERE id IN (\(doomed.map(String.init).joined(separator: ",")))")
        try db.execute(sql: "UPDATE item SET feed_id = ?2 WHERE feed_id = ?1", arguments: [removedFeed, feedID])
        try db.execute(sql: "DELETE FROM feed WHERE id = ?", arguments: [removedFeed])
    }

    /// The first document with a title after an import settles the title another reader's list
    /// gave (`list_title`, `FeedImport.TitleRole.unconfirmed`): the same title (ignoring case
    /// and runs of white space) was the feed's own, another one the user's.
    private static func settleListTitle(feedID: Int64, documentTitle: String, _ db: Database) throws {
        guard let listTitle = try String.fetchOne(
            db.cachedStatement(sql: "SELECT list_title FROM feed WHERE id = ? AND list_title IS NOT NULL"),
            arguments: [feedID])
        else { return }
        let custom = comparable(listTitle) == comparable(documentTitle) ? nil : listTitle
        try db.cachedStatement(sql: "UPDATE feed SET custom_title = COALESCE(custom_title, ?), list_title = NULL WHERE id = ?")
            .execute(arguments: [custom, feedID])
    }

    /// A title as `settleListTitle` compares it: lowercased, white space runs as one space.
    private static func comparable(_ title: String) -> String {
        title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// An attempt that brought a document: a success, or with `check.failure` a document cut
    /// short, whose items are kept but not its validators (they name the whole document), so
    /// that the next attempt is a full fetch.
    private static func recordDocument(feedID: Int64, check: FeedCheck, _ db: Database) throws {
        if let failure = check.failure {
            try recordFailure(feedID: feedID, error: failure, check: check, keepingValidators: false, db)
        } else {
            try recordSuccess(feedID: feedID, check: check, db)
        }
    }

    /// A successful attempt (new document or 304): health reset, validators and schedule kept.
    /// A feed that answers again is no longer gone.
    private static func recordSuccess(feedID: Int64, check: FeedCheck, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE feed
            SET last_refreshed = ?2, last_attempt = ?2, last_error = NULL, http_status = ?3, failures = 0,
                etag = ?4, last_modified = ?5, moved_to = ?6, gone_since = NULL, next_check = ?7, update_hint = ?8
            WHERE id = ?1 AND removed_at IS NULL
            """).execute(arguments: [
                feedID, check.at.timeIntervalSince1970, check.httpStatus, StoredText.link(check.etag),
                StoredText.link(check.lastModified), StoredText.link(check.movedTo),
                check.nextCheck?.timeIntervalSince1970, check.updateHint,
            ])
    }
}
