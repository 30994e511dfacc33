#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// "Now" and the local time zone, injected wherever output depends on them so that relative
/// dates ("5 min ago") and local times are testable.
public protocol WallClock {
    /// The current time.
    var now: Date { get }

    /// Seconds east of UTC of local time at `date`, daylight saving included.
    func utcOffset(at date: Date) -> Int
}
