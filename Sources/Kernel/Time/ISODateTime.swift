/// An ISO 8601 date-time as written (`2025-03-26T09:26:58.9645445+01:00`): date, time of day, and the UTC offset when one is given.
package struct ISODateTime: Sendable {
    package let date: CivilDate
    package let secondOfDay: Int
    /// Seconds east of UTC; `nil` for a local time without `Z` or offset.
    package let offset: Int?

    /// Seconds since 1970 of the wall-clock reading, as if it were UTC.
    package var localSeconds: Int64 { date.daysSinceEpoch * 86_400 + Int64(secondOfDay) }

    /// The instant, reading a local time in the given zone.
    package func instant(in zone: ZoneRules) -> Int64 {
        guard let offset else { return zone.instant(ofLocal: localSeconds) }
        return localSeconds - Int64(offset)
    }

    /// Parses `YYYY-MM-DD[T ]HH:MM[:SS[.fraction]][Z|±HH[:MM]|±HHMM]`; the fraction is dropped.
    package static func parse(_ text: some StringProtocol) -> ISODateTime? {
        guard text.utf8.count <= 64 else { return nil }
        var scanner = TextScanner(text)
        guard let date = scanner.isoDate(), scanner.take("T") || scanner.take("t") || scanner.take(" "),
              let hours = scanner.number(minDigits: 2, maxDigits: 2), hours < 24, scanner.take(":"),
              let minutes = scanner.number(minDigits: 2, maxDigits: 2), minutes < 60 else { return nil }
        var seconds = 0
        if scanner.take(":") {
            guard let value = scanner.number(minDigits: 2, maxDigits: 2), value < 60 else { return nil }
            seconds = value
            if scanner.take(".") || scanner.take(",") {
                guard scanner.number(minDigits: 1, maxDigits: 12) != nil else { return nil }
            }
        }
        var offset: Int?
        if scanner.take("Z") || scanner.take("z") {
            offset = 0
        } else if let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            scanner.index += 1
            guard let offsetHours = scanner.fixedDigits(2), offsetHours <= 18 else { return nil }
            var offsetMinutes = 0
            if scanner.take(":") || !scanner.isAtEnd {
                guard let value = scanner.fixedDigits(2), value < 60 else { return nil }
                offsetMinutes = value
            }
            let magnitude = offsetHours * 3600 + offsetMinutes * 60
            offset = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        }
        guard scanner.isAtEnd else { return nil }
        return ISODateTime(date: date, secondOfDay: hours * 3600 + minutes * 60 + seconds, offset: offset)
    }

    /// Formats an instant in a zone as `YYYY-MM-DDTHH:MM:SS+01:00` (never `Z`); `nil` outside years 1...9999.
    package static func format(instant: Int64, in zone: ZoneRules) -> String? {
        guard abs(instant) < 1 << 40 else { return nil }
        let offset = zone.offset(atUTC: instant)
        let local = instant + Int64(offset)
        let days = floorDivide(local, 86_400)
        guard let date = CivilDate(daysSinceEpoch: days) else { return nil }
        return "\(date)T\(clockText(Int(local - days * 86_400)))\(offsetText(offset))"
    }

    /// `HH:MM:SS` of a second within a day.
    package static func clockText(_ secondOfDay: Int) -> String {
        "\(zeroPadded(secondOfDay / 3600, width: 2)):\(zeroPadded(secondOfDay / 60 % 60, width: 2)):\(zeroPadded(secondOfDay % 60, width: 2))"
    }

    /// `+01:00`; seconds are appended only for the odd historical offsets that have them.
    package static func offsetText(_ offset: Int) -> String {
        let magnitude = abs(offset)
        var text = (offset < 0 ? "-" : "+") + zeroPadded(magnitude / 3600, width: 2) + ":" + zeroPadded(magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 { text += ":" + zeroPadded(magnitude % 60, width: 2) }
        return text
    }
}

extension TextScanner {
    /// `YYYY-MM-DD`, validated against the calendar.
    package mutating func isoDate() -> CivilDate? {
        guard let year = number(minDigits: 4, maxDigits: 4), take("-"),
              let month = number(minDigits: 2, maxDigits: 2), take("-"),
              let day = number(minDigits: 2, maxDigits: 2) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
