import FeedEntities
import GRDB

extension SQLiteFeedStore {
    /// Takes the passwords out of the URLs of feeds stored with one in their userinfo
    /// (`http://user:password@host/…`, subscribed before subscribing took them out): each such
    /// feed's URL loses its userinfo, whose user and password become its `auth_user` and
    /// `auth_password` settings (unless it names a user already), so it is fetched as before
    /// while no listing, export or log line shows the password. A feed synced with a service
    /// keeps the URL the service knows it by, and one whose plain URL another feed has keeps
    /// its own.
    /// - Returns: how many feeds were changed.
    public func moveURLCredentials() async throws -> Int {
        // Run at every start: a read finds that there is nothing to do without taking the writer.
        let sql = """
            SELECT id, url, settings FROM feed
            WHERE remote_id IS NULL AND (url LIKE 'http://%@%' OR url LIKE 'https://%@%')
            """
        let found = try await read("look for passwords in feed URLs") { db in
            try String.fetchAll(db, sql: "SELECT url FROM (\(sql))").contains { URLCredentials(splitting: $0) != nil }
        }
        guard found else { return 0 }
        return try await write("take the passwords out of feed URLs") { db in
            let rows = try Row.fetchAll(db, sql: sql)
            var moved = 0
            for row in rows {
                let id: Int64 = row[0]
                guard let credentials = URLCredentials(splitting: row[1]),
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM feed WHERE url = ?", arguments: [credentials.url]) == 0
                else { continue }
                var settings = Self.storedSettings(row[2])
                if settings.authUser == nil {
                    settings.authUser = credentials.user
                    settings.authPassword = credentials.password.map(PasswordSource.value)
                }
                try db.execute(sql: "UPDATE feed SET url = ? WHERE id = ?", arguments: [credentials.url, id])
                try Self.storeSettings(settings, feedID: id, db)
                moved += 1
            }
            return moved
        }
    }
}
