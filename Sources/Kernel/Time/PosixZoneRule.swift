/// The POSIX TZ string of a TZif footer (e.g. `CET-1CEST,M3.5.0,M10.5.0/3`), which gives the offsets after the file's last transition.
struct PosixZoneRule: Equatable, Sendable {
    /// A rule for the day and time of one yearly DST change.
    struct Change: Equatable, Sendable {
        enum Day: Equatable, Sendable {
            case julianNoLeap(Int64)     // Jn: 1...365, February 29 never counted
            case zeroBased(Int64)        // n: 0...365
            case monthWeekDay(month: Int64, week: Int64, weekday: Int64) // Mm.w.d, week 5 = last
        }
        let day: Day
        /// Local wall time of the change in seconds; may be negative or exceed a day (RFC 8536 §3.3.1).
        let time: Int64
    }

    /// Daylight saving time: its offset and when it starts and ends.
    struct Daylight: Equatable, Sendable {
        let offset: Int
        let start: Change
        let end: Change
    }

    /// Seconds east of UTC of standard time.
    let standardOffset: Int
    let daylight: Daylight?

    /// Parses a TZ string; `nil` when it is malformed.
    init?(_ text: String) {
        var scanner = TextScanner(text)
        guard scanner.skipZoneDesignation(), let std = scanner.posixOffset(maxHours: 24) else { return nil }
        standardOffset = -std   // POSIX counts hours west of Greenwich
        if scanner.isAtEnd {
            daylight = nil
            return
        }
        guard scanner.skipZoneDesignation() else { return nil }
        var dstOffset = standardOffset + 3600
        if let parsed = scanner.posixOffset(maxHours: 24) { dstOffset = -parsed }
        let start: Change
        let end: Change
        if scanner.isAtEnd {
            // The tzcode default when a zone names DST but gives no rule (US rules since 2007).
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        } else {
            guard scanner.take(","), let s = scanner.posixChange(), scanner.take(","),
                  let e = scanner.posixChange(), scanner.isAtEnd else { return nil }
            start = s
            end = e
        }
        daylight = Daylight(offset: dstOffset, start: start, end: end)
    }

    /// UTC offset in seconds at an instant.
    func offset(atUTC seconds: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let localDays = floorDivide(seconds + Int64(standardOffset), 86_400)
        let year = CivilDate.civil(fromDays: localDays).year
        // The start is given in standard time, the end in daylight time.
        let start = Self.days(of: daylight.start.day, year: year) * 86_400 + daylight.start.time - Int64(standardOffset)
        let end = Self.days(of: daylight.end.day, year: year) * 86_400 + daylight.end.time - Int64(daylight.offset)
        if start < end {
            return (seconds >= start && seconds < end) ? daylight.offset : standardOffset
        }
        // Southern hemisphere (or Dublin's negative DST): daylight time spans the new year.
        return (seconds >= end && seconds < start) ? standardOffset : daylight.offset
    }

    /// Days since 1970 of the change day in a year.
    static func days(of day: Change.Day, year: Int64) -> Int64 {
        let newYear = CivilDate.days(year: year, month: 1, day: 1)
        switch day {
        case .julianNoLeap(let n):
            return newYear + n - 1 + (CivilDate.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return newYear + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate.days(year: year, month: month, day: 1)
            let length = Int64(CivilDate.daysIn(month: Int(month), year: Int(year)))
            var day = first + (weekday - CivilDate.weekday(ofDays: first) + 7) % 7 + (week - 1) * 7
            while day >= first + length { day -= 7 }
            return day
        }
    }
}

extension TextScanner {
    /// Skips a zone designation: `<+0330>` or three or more letters.
    mutating func skipZoneDesignation() -> Bool {
        if take("<") {
            let start = index
            while let c = peek, c != UInt8(ascii: ">") {
                guard c.isASCIIAlphanumeric || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return false }
                index += 1
            }
            return index - start >= 1 && take(">")
        }
        var count = 0
        while let c = peek, c.isASCIILetter {
            index += 1
            count += 1
        }
        return count >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours up to `maxHours`.
    mutating func posixOffset(maxHours: Int) -> Int? {
        let negative = take("-")
        if !negative { _ = take("+") }
        guard let hours = number(minDigits: 1, maxDigits: 3), hours <= maxHours else { return nil }
        var total = hours * 3600
        if take(":") {
            guard let minutes = number(minDigits: 1, maxDigits: 2), minutes < 60 else { return nil }
            total += minutes * 60
            if take(":") {
                guard let seconds = number(minDigits: 1, maxDigits: 2), seconds < 60 else { return nil }
                total += seconds
            }
        }
        return negative ? -total : total
    }

    /// One change rule: `Jn`, `n` or `Mm.w.d`, optionally followed by `/time`.
    mutating func posixChange() -> PosixZoneRule.Change? {
        let day: PosixZoneRule.Change.Day
        if take("J") {
            guard let n = number(minDigits: 1, maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(Int64(n))
        } else if take("M") {
            guard let m = number(minDigits: 1, maxDigits: 2), (1...12).contains(m), take("."),
                  let w = number(minDigits: 1, maxDigits: 1), (1...5).contains(w), take("."),
                  let d = number(minDigits: 1, maxDigits: 1), (0...6).contains(d) else { return nil }
            day = .monthWeekDay(month: Int64(m), week: Int64(w), weekday: Int64(d))
        } else {
            guard let n = number(minDigits: 1, maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(Int64(n))
        }
        var time = 7200
        if take("/") {
            // RFC 8536 extends the hour range to -167...167.
            guard let t = posixOffset(maxHours: 167) else { return nil }
            time = t
        }
        return PosixZoneRule.Change(day: day, time: Int64(time))
    }
}
