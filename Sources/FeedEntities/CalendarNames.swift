/// English names of months and weekdays, whatever the locale: the one table the feeds' dates
/// are read by (RFC 822 in feeds, HTTP dates) and the client prints dates with (OPML's RFC 822
/// dates, the reader's `date_format`), without ICU (no `DateFormatter`).
public enum CalendarNames {
    /// From January: "Jan" … "Dec".
    public static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    public static let fullMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    /// From Sunday: "Sun" … "Sat".
    public static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    public static let fullWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The weekday (0 Sunday) of a day counted from 1970-01-01, a Thursday.
    public static func weekday(daysSinceEpoch day: Int) -> Int {
        ((day + 4) % 7 + 7) % 7
    }
}
