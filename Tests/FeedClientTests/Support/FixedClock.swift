#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FeedClient

/// A clock stopped at `now`, in a zone `offset` seconds east of UTC.
struct FixedClock: WallClock {
    var now: Date
    var offset: Int = 0

    func utcOffset(at date: Date) -> Int { offset }
}
