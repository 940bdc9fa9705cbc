/// A calendar date (proleptic Gregorian), checked when parsed.
public struct LocalDate: Sendable, Equatable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// `YYYY-MM-DD` with a day that exists in that month, or nil.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.digits(bytes[0..<4]), let month = Self.digits(bytes[5..<7]), let day = Self.digits(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// A date, or nil when it does not exist (2026-02-29) or is outside 1900–2199.
    public init?(year: Int, month: Int, day: Int) {
        guard (1900...2199).contains(year), (1...12).contains(month), day >= 1, day <= ZonedTime.daysIn(month: month, year: year) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var description: String { "\(year)-\(Self.pad(month))-\(Self.pad(day))" }
    /// `YYYYMMDD`, as HAFAS writes dates.
    public var compact: String { "\(year)\(Self.pad(month))\(Self.pad(day))" }

    package static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    package static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
