/// Times as OJP 2.0 writes and reads them: instants in UTC with `Z` (`2026-02-26T20:36:12Z`),
/// durations in ISO 8601 (`PT1H1M48S`).
///
/// The Swiss service answers in UTC whatever the request used; requests may carry `Z`, an
/// offset or no zone at all (then the time is Swiss local time).
enum OJPTime {
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    static func utc(_ instant: Int64) -> String {
        LocalDateTime(wallSeconds: instant).description + "Z"
    }

    /// An ISO 8601 duration with hours, minutes and seconds, zero parts left out (`PT2H18S`,
    /// `PT3M`); `PT0S` for nothing.
    static func duration(_ seconds: Int64) -> String {
        guard seconds > 0 else { return "PT0S" }
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        return "PT" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "") + (rest > 0 ? "\(rest)S" : "")
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM]`; a time without a zone is read
    /// on `clock` (Swiss local time). Nil for anything else, or a date outside years 1…9999.
    static func instant(_ text: String, clock: TimetableClock) -> Int64? {
        var scanner = Scanner(Array(text.utf8))
        guard text.utf8.count <= 64,
              let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
              let day = scanner.digits(2), scanner.take("T") || scanner.take(" "),
              let hour = scanner.digits(2), scanner.take(":"), let minute = scanner.digits(2)
        else { return nil }
        var second = 0
        if scanner.take(":") {
            guard let value = scanner.digits(2) else { return nil }
            second = value
            if scanner.take(".") || scanner.take(",") {
                guard scanner.skipDigits(upTo: 12) > 0 else { return nil }
            }
        }
        guard let local = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second) else { return nil }
        if scanner.take("Z") || scanner.take("z") {
            return scanner.isAtEnd ? local.wallSeconds : nil
        }
        guard let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return scanner.isAtEnd ? clock.instant(of: local) : nil
        }
        scanner.index += 1
        guard let hours = scanner.digits(2), hours <= 18 else { return nil }
        _ = scanner.take(":")
        guard let minutes = scanner.digits(2), minutes < 60, scanner.isAtEnd else { return nil }
        let offset = Int64(hours * 3600 + minutes * 60)
        return local.wallSeconds - (sign == UInt8(ascii: "-") ? -offset : offset)
    }

    /// Steps through ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { index == bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard peek == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// Skips up to `limit` digits; how many it skipped.
        mutating func skipDigits(upTo limit: Int) -> Int {
            var skipped = 0
            while skipped < limit, let byte = peek, (0x30...0x39).contains(byte) {
                index += 1
                skipped += 1
            }
            return skipped
        }
    }
}
