public import Model
import Scrape

/// What a client asks the timetable for: connections between lists of stations.
public struct ConnectionQuery: Sendable, Equatable {
    /// Station names or ids, up to `maxStations` each; one schedule per (origin, destination) pair.
    public var origins: [String]
    public var destinations: [String]
    /// The travel date and time in Swiss local time; nil means now.
    public var date: LocalDate?
    public var time: LocalTime?
    /// Whether `time` is the latest arrival rather than the earliest departure.
    public var isArrivalTime = false
    /// Stations to pass through, in order.
    public var via: [String] = []
    /// Connections per schedule.
    public var limit = ConnectionQuery.defaultLimit
    /// Means of transport to use; empty means all.
    public var transports: Set<Station.Kind> = []
    /// The client's position, to pick among stations that share a name.
    public var position: Coordinate?

    public static let maxStations = 5
    public static let maxVia = 5
    public static let maxNameCharacters = 100
    public static let limits = 1...16
    public static let defaultLimit = 4

    /// A query from origins to destinations, now.
    public init(origins: [String], destinations: [String]) {
        self.origins = origins
        self.destinations = destinations
    }
}

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

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

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

/// A WGS 84 position in degrees.
public struct Coordinate: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double

    /// A position, or nil when not finite or out of range.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}
