import GRDB

/// Damage found while the store serves: the first `SQLITE_CORRUPT` or `SQLITE_NOTADB` of any
/// read or write puts the store in the state a damaged start gives, except that it goes on
/// answering reads (those that reach no broken page still work, and `status`, listings and
/// `maintenance`'s integrity report are what the user needs then). Writes are refused with
/// the damage from then on, so nothing more is written into a broken b-tree, which could
/// spread the damage over pages a `.recover` could still read. A restore that succeeds mends it.
extension SQLiteFeedStore {
    /// The damage found while serving; `nil` while none was.
    public var damage: DamagedDatabaseError? { damageFound.withLock { $0 } }

    /// The damage as it is found, once; the stream never ends otherwise. One consumer (the
    /// daemon logs it).
    public var damages: AsyncStream<DamagedDatabaseError> { damageStream.stream }

    /// Whether SQLite's answer, from a database that passed its start-up check, says the file is
    /// damaged: SQLITE_CORRUPT, or SQLITE_NOTADB (a header that was a database's a moment ago).
    static func isDamageWhileServing(_ error: DatabaseError) -> Bool {
        isDamage(error) || error.resultCode.primaryResultCode == .SQLITE_NOTADB
    }

    /// Records the damage `error` reports, unless some was found before; returns what was found
    /// first.
    func noteDamage(_ error: DatabaseError, operation: String) -> DamagedDatabaseError {
        noteDamage(error.message ?? "database disk image is malformed", operation: operation)
    }

    /// Records the damage `message` describes, unless some was found before; returns what was
    /// found first.
    func noteDamage(_ message: String, operation: String) -> DamagedDatabaseError {
        let (damage, first) = damageFound.withLock { found -> (DamagedDatabaseError, Bool) in
            if let found { return (found, false) }
            let damage = DamagedDatabaseError(
                path: path ?? ":memory:", problems: ["\(message) (found while trying to \(operation))"],
                backups: path.map(Self.backups(of:)) ?? [], foundWhileServing: true)
            found = damage
            return (damage, true)
        }
        if first { damageStream.continuation.yield(damage) }
        return damage
    }

    /// Throws the damage found while serving, if any: called before every write.
    func refuseWritesWhenDamaged() throws {
        if let damage { throw damage }
    }

    /// Forgets the damage: a restore replaced the database's content with a sound one.
    func damageMended() {
        damageFound.withLock { $0 = nil }
    }
}
