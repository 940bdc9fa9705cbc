/// A time of day to the minute.
public struct LocalTime: Sendable, Equatable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// `HH:MM` from 00:00 to 23:59, or nil.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hour = LocalDate.digits(bytes[0..<2]), let minute = LocalDate.digits(bytes[3..<5])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// A time, or nil when out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// `HH:MM`.
    public var description: String { "\(LocalDate.pad(hour)):\(LocalDate.pad(minute))" }
}
