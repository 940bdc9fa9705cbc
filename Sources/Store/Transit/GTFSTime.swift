/// A GTFS time of day, `H:MM:SS` or `HH:MM:SS`, as seconds after the service day's reference
/// time ("noon minus 12 h", see `ServiceDay`).
///
/// Times past midnight belong to the service day they started on (`25:10:00` is 01:10 the next
/// morning), as the GTFS reference allows. (https://gtfs.org/documentation/schedule/reference/#field-types)
public struct GTFSTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The latest time accepted, 72:00:00. Overnight trains booked on the previous service day
    /// reach about 48 h (the reference's own example stops at 25:35); a day's margin on top lets
    /// a two-night trip through, while a typo like `250:00:00` is refused instead of stored.
    public static let maximum = GTFSTime(seconds: 72 * 3600)

    /// Seconds after the service day's reference time.
    public let seconds: Int

    /// A time `seconds` after the reference.
    public init(seconds: Int) {
        self.seconds = seconds
    }

    /// Parses `H:MM:SS` or `HH:MM:SS`; nil for anything else, minutes or seconds over 59, or past `maximum`.
    public init?(_ text: String) {
        var text = text
        guard let time = text.withUTF8({ Self.seconds($0) }) else { return nil }
        self.init(seconds: time)
    }

    /// The seconds of `H:MM:SS` or `HH:MM:SS` in `bytes`, or nil.
    static func seconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // H:MM:SS or HH:MM:SS: the colons sit 3 and 6 bytes from the end.
        let count = bytes.count
        guard count == 7 || count == 8, bytes[count - 3] == UInt8(ascii: ":"), bytes[count - 6] == UInt8(ascii: ":"),
            let hours = number(bytes, 0..<(count - 6)), let minutes = number(bytes, (count - 5)..<(count - 3)),
            let seconds = number(bytes, (count - 2)..<count), minutes < 60, seconds < 60
        else { return nil }
        let total = hours * 3600 + minutes * 60 + seconds
        return total <= maximum.seconds ? total : nil
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// `HH:MM:SS`, hours past 23 kept.
    public var description: String {
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))"
    }

    /// Whether `lhs` comes before `rhs` in the service day.
    public static func < (lhs: GTFSTime, rhs: GTFSTime) -> Bool {
        lhs.seconds < rhs.seconds
    }
}
