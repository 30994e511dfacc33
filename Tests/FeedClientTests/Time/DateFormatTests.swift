#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import FeedClient
import Testing

/// `date_format` as strftime writes one, in English and in the zone given.
struct DateFormatTests {
    /// 2026-03-05 07:08:09 UTC, a Thursday.
    static let date = Date(timeIntervalSince1970: 1_772_694_489)

    @Test func everyConversionAsStrftimeWritesIt() throws {
        let format = try DateFormat("%a %A %b %h %B|%d %e %F %H %I %j %m %M %p|%R %S %T %y %Y %z %%")
        #expect(format.text(Self.date, offset: 0) == "Thu Thursday Mar Mar March|05  5 2026-03-05 07 07 064 03 08 AM|07:08 09 07:08:09 26 2026 +0000 %")
        #expect(try DateFormat("%b %d").text(Self.date, offset: 0) == "Mar 05")
        // In a zone 5 h 30 west the day before, in the evening.
        #expect(try DateFormat("%F %H:%M %I%p %z").text(Self.date, offset: -(5 * 3600 + 1800)) == "2026-03-05 01:38 01AM -0530")
        #expect(try DateFormat("%F %T %z").text(Self.date, offset: -8 * 3600) == "2026-03-04 23:08:09 -0800")
        #expect(try DateFormat("%I %p").text(Date(timeIntervalSince1970: 1_772_668_800 + 12 * 3600), offset: 0) == "12 PM")
    }

    @Test(arguments: [
        ("%b %Q", "unknown conversion `%Q` in `%b %Q` (one of: %a %A %b %B %h %d %e %F %H %I %j %m %M %p %R %S %T %y %Y %z %%)"),
        ("%d %", "`%` at the end of `%d %`"),
    ])
    func aMistakeNamesTheConversionsThereAre(format: String, message: String) {
        #expect(!message.isEmpty)
        #expect(throws: DateFormat.Invalid(description: message)) { try DateFormat(format) }
    }
}
