import Model
import Scrape

/// Turns a weather route's records (`place`, `current`, `days`, `hours`; see `Routes/README.md`)
/// into a forecast. Days named only by weekday (Google) take dates counted from the forecast's
/// own date; periods get their instants for finding the one an arrival falls in.
enum WeatherRecords {
    static func forecast(_ lists: [Record.Member], today: String) -> Forecast {
        let place = UpstreamRecords.list("place", in: lists).first
        let current = UpstreamRecords.list("current", in: lists).first.map { record in
            CurrentWeather(
                condition: record.value("condition"), icon: record.value("icon"),
                temperature: UpstreamRecords.number(record, "temperature_c").map(Temperature.init),
                humidity: UpstreamRecords.number(record, "humidity").map { Int($0.rounded()) })
        }
        let first = place?.value("generated").map { String($0.prefix(10)) } ?? today
        let days = UpstreamRecords.list("days", in: lists).enumerated().compactMap { index, record in
            day(record, date: record.value("date") ?? CalendarDay.adding(index, to: first))
        }
        let hours = UpstreamRecords.list("hours", in: lists).compactMap(hour)
        return Forecast(placeName: place?.value("name"), generated: place?.value("generated"), current: current, days: days, hours: hours)
    }

    static func day(_ record: Record, date: String?) -> ForecastDay? {
        guard let date else { return nil }
        return ForecastDay(
            date: date, condition: record.value("condition"), icon: record.value("icon"),
            low: UpstreamRecords.number(record, "low_c").map(Temperature.init),
            high: UpstreamRecords.number(record, "high_c").map(Temperature.init),
            precipitation: UpstreamRecords.number(record, "precipitation").map { Int($0.rounded()) },
            precipitationMM: UpstreamRecords.number(record, "precipitation_mm"))
    }

    static func hour(_ record: Record) -> ForecastHour? {
        guard let from = record.value("from"), let to = record.value("to"), let start = ZonedTime.instant(from), let end = ZonedTime.instant(to),
            start < end
        else { return nil }
        return ForecastHour(
            from: from, to: to, start: start, end: end, condition: record.value("condition"), icon: record.value("icon"),
            temperature: UpstreamRecords.number(record, "temperature_c").map(Temperature.init),
            precipitationMM: UpstreamRecords.number(record, "precipitation_mm"))
    }
}

/// Calendar days as `YYYY-MM-DD` text.
enum CalendarDay {
    /// The date `days` after `date`; nil when `date` is not a date.
    static func adding(_ days: Int, to date: String) -> String? {
        number(date).map { text($0 + Int64(days)) }
    }

    /// Days from 1970-01-01 to a date; nil when it is not one.
    static func number(_ date: String) -> Int64? {
        LocalDate(iso: date).map { ZonedTime.days(year: $0.year, month: $0.month, day: $0.day) }
    }

    /// The date of a day number (days since 1970-01-01).
    static func text(_ days: Int64) -> String {
        let (year, month, day) = ZonedTime.date(fromDays: days)
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// The local date at an instant in a zone.
    static func at(_ seconds: Int64, in zone: ZoneRules) -> String {
        text((seconds + Int64(zone.offset(atUTC: seconds))).floorDivided(by: 86_400))
    }
}

extension Int64 {
    /// Division rounding towards negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
