public import Model

/// One train leaving a station, as an `<estimate>` describes it.
public struct BARTEstimate: Sendable, Hashable {
    /// The run's id, the same at every station it serves (`YELLOW-S 20260512 0608`).
    public let run: String
    /// The line, for `<color>` and `<hexcolor>`.
    public let line: BARTLine
    /// `<direction>`.
    public let direction: BARTDirection
    /// `<platform>`.
    public let platform: Int
    /// `<length>`: cars.
    public let length: Int
    /// The departure the timetable plans, seconds since 1970.
    public let scheduled: Int64
    /// `<delay>`: seconds late; 0 when on time.
    public let delay: Int
    /// `<minutes>`: whole minutes from the feed's instant to the expected departure (delay
    /// included); 0 is written "Leaving".
    public let minutes: Int

    /// The expected departure, seconds since 1970.
    public var departure: Int64 { scheduled + Int64(delay) }
    /// Whether the feed writes "Leaving".
    public var isLeaving: Bool { minutes == 0 }
}

/// The trains of one station towards one destination, soonest first: an `<etd>`.
public struct BARTETD: Sendable, Hashable {
    /// `<destination>`, as the feed names it (`Berryessa`).
    public let destination: String
    /// `<abbreviation>`: the destination's abbreviation.
    public let abbreviation: String
    /// Up to three trains.
    public let estimates: [BARTEstimate]
}

/// What the feed says of one station at an instant: its departures by destination, or its own
/// error ("Updates are temporarily unavailable.") and none.
public struct BARTBoard: Sendable, Hashable {
    /// The station.
    public let station: BARTStation
    /// The departures by destination, in the order of the destinations' names.
    public let etds: [BARTETD]
    /// The station's `<message><error>`, when its predictions are down.
    public let error: String?
}

/// A few minutes in an hour when one station's predictions are down.
public struct BARTOutage: Sendable, Hashable {
    /// The station's abbreviation.
    public let station: String
    /// The first second of the outage, seconds since 1970.
    public let start: Int64
    /// The first second after it.
    public let end: Int64

    /// Whether the outage covers an instant.
    public func covers(_ instant: Int64) -> Bool {
        (start..<end).contains(instant)
    }
}
