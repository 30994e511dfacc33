#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The system clock and the C library's idea of the local zone (`TZ`, `/etc/localtime`).
///
/// Uses `localtime_r` rather than Foundation's `TimeZone`, whose zone rules live in the ICU
/// part of Foundation that the client avoids loading.
public struct SystemWallClock: WallClock {
    public init() {
        tzset()
    }

    public var now: Date { Date() }

    public func utcOffset(at date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
