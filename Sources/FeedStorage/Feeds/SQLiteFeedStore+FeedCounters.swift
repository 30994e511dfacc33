import GRDB

extension SQLiteFeedStore {
    /// Migration "v13": every feed's item counters, kept in its row by triggers.
    ///
    /// Counting them at each `feeds()` read every item's entry in `item_by_feed`: 13 ms at
    /// 100,000 items, the most of the feed list's time and of the reader's first frame, and
    /// growing with every item kept. Triggers keep `item_count` (stored items) and
    /// `unread_count` (unread items no rule hid, the ones waiting to be read) in step with
    /// every write to `item`, whichever statement makes it: inserts, deletes (retention,
    /// unsubscribing, a feed's cascade), read and hidden flags, and items moving to another
    /// feed when a moved feed is merged. A read flag that does not change whether an item
    /// waits (a hidden item read) writes nothing. Copies of an article count in each of their
    /// feeds, as they did.
    ///
    /// `item_hidden_unread` served only the counting and goes: one index less to write.
    /// `recountFeeds` sets them from the items again (at every `vacuum`); `counterDrift` names
    /// the feeds whose counters disagree with their items. Inserts are counted by `ItemWriter`
    /// since "v14" (`countInsertsInTheWriter`).
    @Sendable static func addFeedCounters(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE feed ADD COLUMN item_count INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE feed ADD COLUMN unread_count INTEGER NOT NULL DEFAULT 0;
            CREATE TRIGGER feed_counters_insert AFTER INSERT ON item BEGIN
                UPDATE feed SET item_count = item_count + 1, unread_count = unread_count + \(waiting("NEW"))
                WHERE id = NEW.feed_id;
            END;
            CREATE TRIGGER feed_counters_delete AFTER DELETE ON item BEGIN
                UPDATE feed SET item_count = item_count - 1, unread_count = unread_count - \(waiting("OLD"))
                WHERE id = OLD.feed_id;
            END;
            CREATE TRIGGER feed_counters_state AFTER UPDATE OF is_read, is_hidden ON item
            WHEN NEW.feed_id = OLD.feed_id AND \(waiting("NEW")) <> \(waiting("OLD")) BEGIN
                UPDATE feed SET unread_count = unread_count + \(waiting("NEW")) - \(waiting("OLD"))
                WHERE id = NEW.feed_id;
            END;
            CREATE TRIGGER feed_counters_move AFTER UPDATE OF feed_id ON item
            WHEN NEW.feed_id <> OLD.feed_id BEGIN
                UPDATE feed SET item_count = item_count - 1, unread_count = unread_count - \(waiting("OLD"))
                WHERE id = OLD.feed_id;
                UPDATE feed SET item_count = item_count + 1, unread_count = unread_count + \(waiting("NEW"))
                WHERE id = NEW.feed_id;
            END;
            DROP INDEX item_hidden_unread;
            """)
        try recountFeeds(db)
    }

    /// Migration "v14": new items are counted by `ItemWriter`, the one place that inserts
    /// items, once per document instead of by a trigger per row (a cold pass of 22,740 items
    /// took 0.4 s longer with it, `bench/refresh`). Deletes and changes keep their triggers:
    /// they come from many statements, rules and merges among them.
    @Sendable static func countInsertsInTheWriter(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER feed_counters_insert")
    }

    /// 1 when the item `row` names (`NEW`, `OLD`, a table alias) waits to be read, else 0.
    private static func waiting(_ row: String) -> String {
        "(\(row).is_read = 0 AND \(row).is_hidden = 0)"
    }

    /// What every feed's counters should be, counted from its items.
    private static let countedFeeds = """
        SELECT feed.id AS id, COUNT(item.id) AS items, COALESCE(SUM\(waiting("item")), 0) AS unread
        FROM feed LEFT JOIN item ON item.feed_id = feed.id GROUP BY feed.id
        """

    /// Sets every feed's counters from its items.
    static func recountFeeds(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE feed SET item_count = counted.items, unread_count = counted.unread
            FROM (\(countedFeeds)) AS counted WHERE counted.id = feed.id
              AND (feed.item_count <> counted.items OR feed.unread_count <> counted.unread)
            """)
    }

    /// The feeds whose counters disagree with their items, one line each.
    static func counterDrift(_ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: """
            SELECT feed.id, feed.item_count, feed.unread_count, counted.items, counted.unread
            FROM feed JOIN (\(countedFeeds)) AS counted ON counted.id = feed.id
            WHERE feed.item_count <> counted.items OR feed.unread_count <> counted.unread
            ORDER BY feed.id
            """).map { row in
            let (id, items, unread, countedItems, countedUnread): (Int64, Int, Int, Int, Int) =
                (row[0], row[1], row[2], row[3], row[4])
            return "feed \(id) counts \(items) items, \(unread) unread; it has \(countedItems), \(countedUnread) unread"
        }
    }
}
