/// English names of months and weekdays, whatever the locale: the client prints dates without
/// ICU (no `DateFormatter`), for OPML's RFC 822 dates and the reader's `date_format`.
enum CalendarNames {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let fullMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    /// From Sunday.
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let fullWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The weekday (0 Sunday) of a day counted from 1970-01-01, a Thursday.
    static func weekday(daysSinceEpoch day: Int) -> Int {
        ((day + 4) % 7 + 7) % 7
    }
}
