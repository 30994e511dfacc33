import FeedStorage
import Testing

/// Which database failures are the storage's (a full disk, an I/O error, a read-only file).
struct FeedStoreDatabaseErrorTests {
    @Test(arguments: [(Int32(13), true), (10, true), (8, true), (5, false), (6, false), (11, false), (19, false), (1, false)])
    func storageFailuresAreTheFullIOAndReadOnlyCodes(code: Int32, storage: Bool) {
        let error = FeedStoreDatabaseError(operation: "store the refresh of feed 1", reason: "whatever", sqliteCode: code)
        #expect(error.isStorageFailure == storage)
        #expect((FeedStoreDatabaseError.storageFailure(in: error) != nil) == storage)
    }

    @Test func aDatabaseFileMovedAwayIsNoStorageFailure() {
        let moved = FeedStoreDatabaseError(
            operation: "store the refresh of feed 1", reason: "attempt to write a readonly database", sqliteCode: 8,
            sqliteExtendedCode: 1032)
        #expect(!moved.isStorageFailure)
        let readOnly = FeedStoreDatabaseError(
            operation: "store the refresh of feed 1", reason: "attempt to write a readonly database", sqliteCode: 8)
        #expect(readOnly.isStorageFailure)
    }

    @Test func otherErrorsAreNoStorageFailures() {
        #expect(!FeedStoreDatabaseError(operation: "create the database directory /x", reason: "a file is in the way").isStorageFailure)
        #expect(FeedStoreDatabaseError.storageFailure(in: FeedStoreError.feedNotFound(1)) == nil)
        #expect(FeedStoreDatabaseError.storageFailure(in: CancellationError()) == nil)
    }
}
