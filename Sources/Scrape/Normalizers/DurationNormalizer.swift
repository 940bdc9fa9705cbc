import Kernel

/// `duration`: reads ISO 8601 (`PT1H1M48S`, `P1DT2H`), HAFAS `00d00:56:00`, `H:MM[:SS]` ("5:06" = 5 h 6 min) or unit text (`56 min`, `56 Min.`, `1 h 5 min`, `1h05`) → ISO with hours, minutes and seconds only, zero parts omitted ("PT5H6M", "PT26H", zero → "PT0S").
struct DurationNormalizer: Normalizer {
    private enum Unit: Int {
        case seconds = 1, minutes = 60, hours = 3600, days = 86_400
    }

    private static let unitNames: [String: Unit] = [
        "d": .days, "day": .days, "days": .days, "tag": .days, "tage": .days,
        "h": .hours, "hr": .hours, "hrs": .hours, "hour": .hours, "hours": .hours,
        "std": .hours, "stunde": .hours, "stunden": .hours,
        "m": .minutes, "min": .minutes, "mins": .minutes, "minute": .minutes, "minutes": .minutes, "minuten": .minutes,
        "s": .seconds, "sec": .seconds, "secs": .seconds, "second": .seconds, "seconds": .seconds,
        "sek": .seconds, "sekunde": .seconds, "sekunden": .seconds,
    ]

    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        guard let total = Self.seconds(value) else {
            throw NormalizerError("duration: \(NormalizerError.quoted(value)) is not a duration (expected e.g. PT1H5M, 00d01:05:00, 1:05 or 1 h 5 min)")
        }
        return [Self.format(total)]
    }

    /// Canonical ISO text of a non-negative number of seconds.
    static func format(_ total: Int64) -> String {
        guard total > 0 else { return "PT0S" }
        let hours = total / 3600
        let minutes = total / 60 % 60
        let seconds = total % 60
        return "PT" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "") + (seconds > 0 ? "\(seconds)S" : "")
    }

    /// The length in seconds; every number has at most 9 digits, so the sum cannot overflow.
    static func seconds(_ value: String) -> Int64? {
        let text = TrimNormalizer.trimmed(value)
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        var scanner = TextScanner(text)
        if scanner.take("P") || scanner.take("p") { return scanner.isoDuration() }
        if let clock = scanner.clockDuration() { return clock }
        scanner.index = 0
        return scanner.unitDuration()
    }

    fileprivate static func unit(named name: String) -> Int64? {
        unitNames[name].map { Int64($0.rawValue) }
    }
}

extension TextScanner {
    /// The rest of `P[nW][nD][T[nH][nM][nS]]`; years and months have no fixed length and are rejected.
    fileprivate mutating func isoDuration() -> Int64? {
        var total: Int64 = 0
        var components = 0
        var rank = 0  // designators must come in order and at most once
        var inTime = false
        while !isAtEnd {
            if !inTime, take("T") || take("t") {
                inTime = true
                guard !isAtEnd else { return nil }
                continue
            }
            guard let number = number(minDigits: 1, maxDigits: 9), let designator = peek else { return nil }
            index += 1
            let units: [(UInt8, Int64, Int)] = inTime
                ? [(UInt8(ascii: "H"), 3600, 3), (UInt8(ascii: "M"), 60, 4), (UInt8(ascii: "S"), 1, 5)]
                : [(UInt8(ascii: "W"), 604_800, 1), (UInt8(ascii: "D"), 86_400, 2)]
            guard let unit = units.first(where: { $0.0 == designator & ~0x20 }), unit.2 > rank else { return nil }
            rank = unit.2
            total += Int64(number) * unit.1
            components += 1
        }
        return components > 0 ? total : nil
    }

    /// `DDdHH:MM[:SS]` (HAFAS) or `H:MM[:SS]`.
    fileprivate mutating func clockDuration() -> Int64? {
        var days = 0
        let start = index
        if let count = number(minDigits: 1, maxDigits: 3), take("d") || take("D") {
            days = count
        } else {
            index = start
        }
        guard let hours = number(minDigits: 1, maxDigits: 4), take(":"),
              let minutes = number(minDigits: 2, maxDigits: 2), minutes < 60 else { return nil }
        var seconds = 0
        if take(":") {
            guard let value = number(minDigits: 2, maxDigits: 2), value < 60 else { return nil }
            seconds = value
        }
        guard isAtEnd else { return nil }
        return Int64(days) * 86_400 + Int64(hours) * 3600 + Int64(minutes) * 60 + Int64(seconds)
    }

    /// `1 h 5 min`, `56 Min.`, `1h05`: numbers with units, largest unit first, each at most once.
    fileprivate mutating func unitDuration() -> Int64? {
        var total: Int64 = 0
        var previous: Int64?
        while true {
            skipSpaces()
            if isAtEnd { break }
            guard let number = number(minDigits: 1, maxDigits: 9) else { return nil }
            skipSpaces()
            let name = letters()
            _ = take(".")
            let unit: Int64
            if name.isEmpty {
                // "1h05": a bare number right after hours, at the end, means minutes.
                skipSpaces()
                guard previous == 3600, isAtEnd else { return nil }
                unit = 60
            } else {
                guard let named = DurationNormalizer.unit(named: name) else { return nil }
                unit = named
            }
            guard previous.map({ unit < $0 }) ?? true else { return nil }
            previous = unit
            total += Int64(number) * unit
        }
        return previous == nil ? nil : total
    }
}
