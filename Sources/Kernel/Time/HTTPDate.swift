/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms that
/// recipients must still accept.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The IMF-fixdate of an instant (seconds since 1970), as `Date`, `Last-Modified` and `Expires` carry it:
    /// `Mon, 20 Jul 2020 11:44:31 GMT`.
    public static func text(_ instant: Int64) -> String {
        let days = floorDivide(instant, 86_400)
        let (year, month, day) = CivilDate.civil(fromDays: days)
        let second = Int(instant - days * 86_400)
        return dayNames[Int(CivilDate.weekday(ofDays: days))] + ", " + zeroPadded(Int(day), width: 2) + " " + monthNames[Int(month) - 1] + " "
            + zeroPadded(Int(year), width: 4) + " " + ISODateTime.clockText(second) + " GMT"
    }

    /// The instant of an IMF-fixdate, or nil for anything else, the obsolete forms included (a
    /// server may ignore those in `If-Modified-Since`).
    public static func instant(_ text: String) -> Int64? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard text.utf8.count == 29, parts.count == 6, parts[5] == "GMT", parts[0].hasSuffix(","),
            dayNames.contains(String(parts[0].dropLast())), parts[1].utf8.count == 2, parts[3].utf8.count == 4,
            let month = monthNames.firstIndex(of: String(parts[2])), let day = Int(parts[1]), let year = Int(parts[3]),
            let date = CivilDate(year: year, month: month + 1, day: day)
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.utf8.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        return date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Seconds since the Unix epoch, or nil when the text is none of the three forms.
    ///
    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`.
    public static func secondsSinceEpoch(_ text: String) -> Int64? {
        guard text.utf8.count <= 64 else { return nil }
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let day: Int64, month: Int64, year: Int64, time: String
        if words.count == 6, words[5] == "gmt", let d = Int64(words[1]), let m = months.firstIndex(of: words[2]), let y = Int64(words[3]) {
            (day, month, year, time) = (d, Int64(m) + 1, y, words[4])
        } else if words.count == 4, words[3] == "gmt" {
            let parts = words[1].split(separator: "-")
            guard parts.count == 3, let d = Int64(parts[0]), let m = months.firstIndex(of: String(parts[1])), let yy = Int64(parts[2]) else {
                return nil
            }
            // Two-digit years more than 50 years ahead are in the past century (RFC 9110).
            (day, month, year, time) = (d, Int64(m) + 1, yy < 70 ? 2000 + yy : (yy < 100 ? 1900 + yy : yy), words[2])
        } else if words.count == 5, let m = months.firstIndex(of: words[1]), let d = Int64(words[2]), let y = Int64(words[4]) {
            (day, month, year, time) = (d, Int64(m) + 1, y, words[3])
        } else {
            return nil
        }
        let clock = time.split(separator: ":").compactMap { Int64($0) }
        guard clock.count == 3, (1...9999).contains(year), (1...CivilDate.daysIn(month: Int(month), year: Int(year))).contains(Int(day)),
            (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        return CivilDate.days(year: year, month: month, day: day) * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2]
    }
}
