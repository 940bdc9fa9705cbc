import Model
import Scrape
import Kernel

/// Turns a weather route's records (`place`, `current`, `days`, `hours`; see `Routes/README.md`)
/// into a forecast. Days named only by weekday (Google) take dates counted from the forecast's
/// own date; periods get their instants for finding the one an arrival falls in.
enum WeatherRecords {
    static func forecast(_ lists: [Record.Member], today: String) -> Forecast {
        let place = UpstreamRecords.list("place", in: lists).first
        let current = UpstreamRecords.list("current", in: lists).first.map { record in
            CurrentWeather(
                sky: sky(record), temperature: UpstreamRecords.number(record, "temperature_c").map(Temperature.init),
                humidity: UpstreamRecords.number(record, "humidity").map { Int($0.rounded()) })
        }
        let first = place?.value("generated").map { String($0.prefix(10)) } ?? today
        let dayRecords = UpstreamRecords.list("days", in: lists)
        let hours = UpstreamRecords.list("hours", in: lists).compactMap(hour)
        let days = dayRecords.isEmpty ? Self.days(from: hours) : dayRecords.enumerated().compactMap { index, record in
            day(record, date: record.value("date") ?? CalendarDay.adding(index, to: first))
        }
        return Forecast(
            placeName: place?.value("name"), generated: place?.value("generated"), current: current, days: days, hours: hours,
            credit: place?.value("credit"))
    }

    /// Days made from periods, for upstreams that give periods only (met.no): a day is the
    /// periods that start on its local date; its low and high are the lowest and highest of their
    /// temperatures (at the periods' starts, not a true minimum and maximum), its condition and
    /// icon the ones of the period that covers 14:00 (else the last that starts before it, else
    /// the first), and its precipitation the sum of theirs (the periods do not overlap).
    static func days(from hours: [ForecastHour]) -> [ForecastDay] {
        var days: [ForecastDay] = []
        var index = hours.startIndex
        while index < hours.endIndex {
            let date = String(hours[index].from.prefix(10))
            var end = index
            while end < hours.endIndex, hours[end].from.hasPrefix(date) { end += 1 }
            let periods = hours[index..<end]
            let temperatures = periods.compactMap(\.temperature?.celsius)
            let afternoon = periods.last { $0.from.dropFirst(11).prefix(5) <= "14:00" } ?? periods[index]
            let amounts = periods.compactMap(\.precipitationMM)
            days.append(ForecastDay(
                date: date, sky: afternoon.sky,
                low: temperatures.min().map(Temperature.init), high: temperatures.max().map(Temperature.init),
                precipitationMM: amounts.isEmpty ? nil : (amounts.reduce(0, +) * 10).rounded() / 10))
            index = end
        }
        return days
    }

    static func day(_ record: Record, date: String?) -> ForecastDay? {
        guard let date else { return nil }
        return ForecastDay(
            date: date, sky: sky(record),
            low: UpstreamRecords.number(record, "low_c").map(Temperature.init),
            high: UpstreamRecords.number(record, "high_c").map(Temperature.init),
            precipitation: UpstreamRecords.number(record, "precipitation").map { Int($0.rounded()) },
            precipitationMM: UpstreamRecords.number(record, "precipitation_mm"))
    }

    /// A current, day or period record's `condition` and `icon`.
    static func sky(_ record: Record) -> Sky {
        Sky(condition: record.value("condition"), icon: record.value("icon"))
    }

    static func hour(_ record: Record) -> ForecastHour? {
        // A typed time gives its instant as it is; only a text is read.
        guard let from = record.values("from").first, let to = record.values("to").first,
            let start = from.time(in: .utc)?.instant, let end = to.time(in: .utc)?.instant, start < end
        else { return nil }
        return ForecastHour(
            from: from.text, to: to.text, start: start, end: end, sky: sky(record),
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
