/// A date in the proleptic Gregorian calendar, limited to years 1...9999 so that it always prints as `YYYY-MM-DD`.
package struct CivilDate: Hashable, Sendable, CustomStringConvertible {
    package let year: Int
    package let month: Int
    package let day: Int

    /// Validates the calendar date; `nil` for 31.02., month 13, year 0 and the like.
    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a day count since 1970-01-01; `nil` outside years 1...9999.
    package init?(daysSinceEpoch days: Int64) {
        let (y, m, d) = CivilDate.civil(fromDays: days)
        self.init(year: Int(y), month: Int(m), day: Int(d))
    }

    /// Days since 1970-01-01.
    package var daysSinceEpoch: Int64 { CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day)) }

    package var description: String {
        "\(zeroPadded(year, width: 4))-\(zeroPadded(month, width: 2))-\(zeroPadded(day, width: 2))"
    }

    package static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(Int64(year)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's branch-light algorithms; valid for any year the callers clamp to.
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Day of the week, 0 = Sunday (the POSIX TZ convention).
    package static func weekday(ofDays days: Int64) -> Int64 {
        days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6
    }
}

/// Formats a non-negative number with leading zeros up to `width` digits.
package func zeroPadded(_ value: Int, width: Int) -> String {
    let digits = String(value.magnitude)
    let sign = value < 0 ? "-" : ""
    return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// Floor division, because the calendar math needs days to round toward the past for instants before 1970.
public func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
