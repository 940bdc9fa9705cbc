import Kernel

/// HTTP dates in the IMF-fixdate form of RFC 9110 (`Mon, 20 Jul 2020 11:44:31 GMT`), as
/// `Last-Modified`, `Expires` and `If-Modified-Since` carry them.
enum HTTPDate {
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date of an instant (seconds since 1970).
    static func text(_ instant: Int64) -> String {
        let time = LocalDateTime(wallSeconds: instant)
        let date = time.date
        return days[date.weekday - 1] + ", " + padded(date.day, 2) + " " + months[date.month - 1] + " " + padded(date.year, 4) + " "
            + time.clock + ":" + padded(time.second, 2) + " GMT"
    }

    /// The instant of an IMF-fixdate, or nil for anything else (which a server ignores).
    static func instant(_ text: String) -> Int64? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard text.utf8.count == 29, parts.count == 6, parts[5] == "GMT", parts[0].hasSuffix(","),
            days.contains(String(parts[0].dropLast())),
            let day = Int(parts[1]), parts[1].utf8.count == 2,
            let month = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3]), parts[3].utf8.count == 4
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.utf8.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            let local = LocalDateTime(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return local.wallSeconds
    }
}
