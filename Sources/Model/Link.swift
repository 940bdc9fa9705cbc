public import Markup

/// One connection: `<link>` with its departure, arrival, info and parts.
public struct Link: Representable, Equatable {
    /// Departure time, ISO 8601 with offset.
    public var departure: String
    /// Arrival time, ISO 8601 with offset.
    public var arrival: String
    /// Free text from the timetable (changes, notes).
    public var info: String
    /// The sections of the journey.
    public var parts: [Part]

    /// Creates a link.
    public init(departure: String, arrival: String, info: String = "", parts: [Part]) {
        self.departure = departure
        self.arrival = arrival
        self.info = info
        self.parts = parts
    }

    public var node: Node {
        .element("link", [
            .leaf("departure", departure),
            .leaf("arrival", arrival),
            .leaf("info", info),
            .list("parts", parts.map(\.node)),
        ])
    }
}

/// One section of a connection: `<part>`.
public struct Part: Representable, Equatable {
    /// Departure time, ISO 8601 with offset.
    public var departure: String
    /// Arrival time, ISO 8601 with offset.
    public var arrival: String
    /// The departure platform.
    public var trackfrom: String
    /// The arrival platform.
    public var trackto: String
    /// The vehicle (Train, Bus, Tram, Ship, Walk, …) with its line.
    public var vehicle: String

    /// Creates a part.
    public init(departure: String, arrival: String, trackfrom: String, trackto: String, vehicle: String) {
        self.departure = departure
        self.arrival = arrival
        self.trackfrom = trackfrom
        self.trackto = trackto
        self.vehicle = vehicle
    }

    public var node: Node {
        .element("part", [
            .leaf("departure", departure),
            .leaf("arrival", arrival),
            .leaf("trackfrom", trackfrom),
            .leaf("trackto", trackto),
            .leaf("vehicle", vehicle),
        ])
    }
}
