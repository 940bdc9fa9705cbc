import Kernel

/// A time as the `time` and `datetime` normalizers read it: a wall-clock time with a day offset, or a full ISO datetime.
enum TimeValue {
    /// `HH:MM[:SS]`, `DDdHH:MM:SS`, `hh:mm[:ss] AM|PM [zone]` or `HH:MM:SS+Nd`.
    case wallClock(days: Int, secondOfDay: Int)
    /// An ISO datetime; with an offset it is an instant, without one a local time in the route's zone.
    case dateTime(ISODateTime)

    /// Reads a time; `nil` when the text matches none of the accepted forms.
    static func parse(_ value: String) -> TimeValue? {
        let text = TrimNormalizer.trimmed(value)
        guard text.utf8.count <= 64 else { return nil }
        if let dateTime = ISODateTime.parse(text) { return .dateTime(dateTime) }
        var scanner = TextScanner(text)
        var days = 0
        // HAFAS writes a day offset in front: 01d00:10:00.
        let start = scanner.index
        let prefixed: Bool
        if let count = scanner.number(minDigits: 1, maxDigits: 3), scanner.take("d") || scanner.take("D") {
            days = count
            prefixed = true
        } else {
            scanner.index = start
            prefixed = false
        }
        guard var hours = scanner.number(minDigits: 1, maxDigits: 2), scanner.take(":"),
              let minutes = scanner.number(minDigits: 2, maxDigits: 2), minutes < 60 else { return nil }
        var seconds = 0
        if scanner.take(":") {
            guard let value = scanner.number(minDigits: 2, maxDigits: 2), value < 60 else { return nil }
            seconds = value
        }
        scanner.skipSpaces()
        if !prefixed, let afternoon = scanner.meridiem() {
            guard (1...12).contains(hours) else { return nil }
            hours = hours % 12 + (afternoon ? 12 : 0)
            scanner.skipSpaces()
            // A zone abbreviation such as PDT may follow; the route's zone decides instead.
            guard scanner.letters().count <= 6 else { return nil }
        } else if !prefixed, scanner.take("+") {
            guard let count = scanner.number(minDigits: 1, maxDigits: 3), scanner.take("d") else { return nil }
            days = count
        }
        // Hours past 24 (GTFS style, 25:10) roll into the day offset; HAFAS day-prefixed times must not need that.
        guard scanner.isAtEnd, hours < (prefixed ? 24 : 48) else { return nil }
        days += hours / 24
        return .wallClock(days: days, secondOfDay: hours % 24 * 3600 + minutes * 60 + seconds)
    }
}

extension TextScanner {
    /// Consumes AM/PM (`am`, `PM`, `a.m.`, `p.m.`); `true` for PM, `nil` when none comes next.
    mutating func meridiem() -> Bool? {
        for (word, afternoon) in [("a.m.", false), ("p.m.", true), ("am", false), ("pm", true)] {
            let start = index
            if takeIgnoringCase(word) {
                // "am" must not be the start of a longer word.
                if let next = peek, next.isASCIILetter {
                    index = start
                    continue
                }
                return afternoon
            }
        }
        return nil
    }
}
